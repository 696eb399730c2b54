import { and, desc, eq, lt, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { clientImports, type ImportKind } from './client-import.table.ts'

export type ImportRecordRow = typeof clientImports.$inferSelect

export async function insertRunningImport(
  executor: Executor,
  record: { agencyId: string; userId: string; fileName: string; kind: ImportKind },
): Promise<string> {
  const [row] = await executor.insert(clientImports).values(record).returning({ id: clientImports.id })
  return row!.id
}

/**
 * Running records whose beat stopped more than `staleSeconds` ago (of one agency, or all) become
 * interrupted, finished when they last beat: their process died mid-import.
 */
export async function interruptStaleImports(
  executor: Executor,
  staleSeconds: number,
  agencyId?: string,
): Promise<number> {
  const ended = await executor
    .update(clientImports)
    .set({ status: 'interrupted', finishedAt: clientImports.heartbeatAt })
    .where(
      and(
        eq(clientImports.status, 'running'),
        lt(clientImports.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`),
        agencyId ? eq(clientImports.agencyId, agencyId) : undefined,
      ),
    )
    .returning({ id: clientImports.id })
  return ended.length
}

export async function beatImport(executor: Executor, id: string, lastRow: number | null): Promise<void> {
  await executor
    .update(clientImports)
    .set({ heartbeatAt: sql`now()`, lastRow })
    .where(and(eq(clientImports.id, id), eq(clientImports.status, 'running')))
}

export async function finishImport(
  executor: Executor,
  id: string,
  outcome: Pick<ImportRecordRow, 'status'> &
    Partial<
      Pick<
        ImportRecordRow,
        'fileKind' | 'bytes' | 'totalRows' | 'imported' | 'duplicates' | 'errors' | 'failure'
      >
    >,
): Promise<void> {
  await executor
    .update(clientImports)
    .set({ ...outcome, finishedAt: sql`now()`, heartbeatAt: sql`now()` })
    .where(eq(clientImports.id, id))
}

export function listRecentImports(
  executor: Executor,
  {
    agencyId,
    kind,
    limit,
    staleSeconds,
    id,
  }: { agencyId: string; kind: ImportKind; limit: number; staleSeconds: number; id?: string },
) {
  return executor
    .select({
      record: clientImports,
      stale: sql<boolean>`${clientImports.heartbeatAt} < now() - make_interval(secs => ${staleSeconds})`,
    })
    .from(clientImports)
    .where(
      and(
        eq(clientImports.agencyId, agencyId),
        eq(clientImports.kind, kind),
        id ? eq(clientImports.id, id) : undefined,
      ),
    )
    .orderBy(desc(clientImports.startedAt), desc(clientImports.id))
    .limit(limit)
}
