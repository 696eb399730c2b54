import { type SQL, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { carriers } from './carriers.table.ts'

/**
 * Every carrier's name as a subquery, for another feature's list to join by carrier id in its own
 * query (the ids come from the caller's rows, so whoever's carrier it is, it is named).
 */
export function selectCarrierNames() {
  return new QueryBuilder().select({ id: carriers.id, name: carriers.name }).from(carriers).as('carrier_name')
}

/**
 * The names of the carriers in an array of ids, in the array's order (a carrier that is gone is
 * skipped): an expression for another feature's query, evaluated per row.
 */
export function selectCarrierNameList(ids: SQL | SQL.Aliased | { getSQL(): SQL }): SQL<string[]> {
  return sql<string[]>`array(
    select c.name from ${carriers} c join unnest(${ids}) with ordinality k(id, n) on c.id = k.id
    order by k.n)`
}
