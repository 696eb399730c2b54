import { and, desc, eq, lt, or } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import type { PagePosition } from '#server/platform/cursor.ts'
import { policyDocuments } from './policies.table.ts'

export type PolicyDocumentRow = typeof policyDocuments.$inferSelect

/**
 * The row's time is written from here, to the millisecond: the page cursor carries it as a
 * JavaScript date, and the database's microseconds would land between two cursors.
 */
export async function insertPolicyDocument(executor: Executor, values: typeof policyDocuments.$inferInsert) {
  const [row] = await executor
    .insert(policyDocuments)
    .values({ createdAt: new Date(), ...values })
    .returning()
  return row!
}

/** A page of a policy's documents, newest first, after the cursor's position. */
export function findPolicyDocuments(
  executor: Executor,
  agencyId: string,
  policyId: string,
  page: { limit: number; after?: PagePosition },
) {
  const { after } = page
  return executor
    .select()
    .from(policyDocuments)
    .where(
      and(
        eq(policyDocuments.agencyId, agencyId),
        eq(policyDocuments.policyId, policyId),
        after
          ? or(
              lt(policyDocuments.createdAt, after.createdAt),
              and(eq(policyDocuments.createdAt, after.createdAt), lt(policyDocuments.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(policyDocuments.createdAt), desc(policyDocuments.id))
    .limit(page.limit)
}

/** One of the policy's document links. */
export async function findPolicyDocument(executor: Executor, agencyId: string, policyId: string, id: string) {
  const [row] = await executor
    .select()
    .from(policyDocuments)
    .where(
      and(
        eq(policyDocuments.agencyId, agencyId),
        eq(policyDocuments.policyId, policyId),
        eq(policyDocuments.id, id),
      ),
    )
  return row
}
