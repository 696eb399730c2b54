import type { Executor } from '#server/db/connect.ts'
import * as repository from './user-names.repository.ts'

/** A user as another feature's record names them (its author, its agent). */
export interface UserName {
  agencyId: string
  firstName: string
  lastName: string
  email: string
}

/**
 * For features whose rows name users (an import's author, an application's agent, a marketplace
 * post's author): their names by id, for a whole page in one query. A user that is gone is absent.
 */
export async function findUserNames(
  executor: Executor,
  ids: readonly string[],
): Promise<Map<string, UserName>> {
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return new Map()
  const rows = await repository.findUserNames(executor, wanted)
  return new Map(rows.map(({ id, ...name }) => [id, name]))
}

/**
 * For the book import: the id of the agency's user with each of these emails (compared without
 * case); an email no user of the agency has is absent.
 */
export async function findAgencyUserIdsByEmail(
  executor: Executor,
  agencyId: string,
  emails: readonly string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(emails.map((email) => email.toLowerCase()))]
  if (wanted.length === 0) return new Map()
  const rows = await repository.findAgencyUsersByEmail(executor, agencyId, wanted)
  return new Map(rows.map((row) => [row.email, row.id]))
}

/**
 * For lists that name users (the marketplace's authors): the names as a subquery the list's own
 * query joins, so a page costs one query (decision 025).
 */
export { selectUserNames } from './user-names.repository.ts'
export type UserNamesQuery = ReturnType<typeof repository.selectUserNames>
