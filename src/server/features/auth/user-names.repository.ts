import { and, eq, inArray, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { Executor } from '#server/db/connect.ts'
import { users } from './auth.table.ts'

/** The names (and emails) of these users, whatever their agency: the caller's rows name them. */
export function findUserNames(executor: Executor, ids: string[]) {
  return executor
    .select({
      id: users.id,
      agencyId: users.agencyId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(inArray(users.id, ids))
}

/** The agency's users with one of these emails (lower-cased), by email. */
export function findAgencyUsersByEmail(executor: Executor, agencyId: string, emails: string[]) {
  return executor
    .select({ id: users.id, email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), inArray(sql`lower(${users.email})`, emails)))
}

/**
 * Every user's first and last name as a subquery, for another feature's list to join by user id
 * in its own query: names only, never an email (decision 019 for what crosses agencies).
 */
export function selectUserNames() {
  return new QueryBuilder()
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .as('user_name')
}
