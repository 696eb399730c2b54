import { inArray } from 'drizzle-orm'
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
