import { and, eq, isNotNull } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { carrierConnections } from './carrier-delivery.table.ts'

export type ConnectionRow = typeof carrierConnections.$inferSelect

export async function findConnection(
  executor: Executor,
  agencyId: string,
  carrierId: string,
  options: { forUpdate?: boolean } = {},
): Promise<ConnectionRow | undefined> {
  const query = executor
    .select()
    .from(carrierConnections)
    .where(and(eq(carrierConnections.agencyId, agencyId), eq(carrierConnections.carrierId, carrierId)))
  const [row] = options.forUpdate ? await query.for('update') : await query
  return row
}

/** Every agency's connection to this carrier that has a secret, across agencies (a webhook's possible signers). */
export function findSignedConnectionsOf(executor: Executor, carrierId: string) {
  return executor
    .select({ agencyId: carrierConnections.agencyId, secretEncrypted: carrierConnections.secretEncrypted })
    .from(carrierConnections)
    .where(and(eq(carrierConnections.carrierId, carrierId), isNotNull(carrierConnections.secretEncrypted)))
}

/** Saves the changes; a first connection that another request created meanwhile is updated, not duplicated. */
export async function upsertConnection(
  executor: Executor,
  agencyId: string,
  carrierId: string,
  changes: Partial<Pick<ConnectionRow, 'apiEndpoint' | 'secretEncrypted'>>,
): Promise<ConnectionRow> {
  const [row] = await executor
    .insert(carrierConnections)
    .values({ agencyId, carrierId, ...changes })
    .onConflictDoUpdate({
      target: [carrierConnections.agencyId, carrierConnections.carrierId],
      set: { ...changes, updatedAt: new Date() },
    })
    .returning()
  return row!
}
