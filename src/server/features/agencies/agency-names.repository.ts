import { inArray } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { Executor } from '#server/db/connect.ts'
import { agencies } from './agencies.table.ts'

export function findAgencyNames(executor: Executor, ids: string[]) {
  return executor
    .select({ id: agencies.id, name: agencies.name })
    .from(agencies)
    .where(inArray(agencies.id, ids))
}

/** Every agency's name as a subquery, for another feature's list to join by agency id in its own query. */
export function selectAgencyNames() {
  return new QueryBuilder().select({ id: agencies.id, name: agencies.name }).from(agencies).as('agency_name')
}
