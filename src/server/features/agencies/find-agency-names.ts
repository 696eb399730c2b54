import type { Executor } from '#server/db/connect.ts'
import * as repository from './agency-names.repository.ts'

/** For features whose rows name agencies (marketplace posts, replies, reports): names by id, in one query. */
export async function findAgencyNames(
  executor: Executor,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return new Map()
  const rows = await repository.findAgencyNames(executor, wanted)
  return new Map(rows.map((row) => [row.id, row.name]))
}
