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

/**
 * For lists that name agencies (the marketplace's cards): the names as a subquery the list's own
 * query joins, so a page costs one query (decision 025).
 */
export { selectAgencyNames } from './agency-names.repository.ts'
export type AgencyNamesQuery = ReturnType<typeof repository.selectAgencyNames>
