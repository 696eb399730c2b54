import type { ColumnsSelection, Subquery } from 'drizzle-orm'

/**
 * A subquery's columns as a selection, to nest a whole row of it in a select (`{ agency:
 * subqueryColumns(agencyRows) }`): Drizzle nests a table that way, not a subquery. Each column is
 * read through the subquery, so the query names it by the subquery's alias.
 */
export function subqueryColumns<S extends ColumnsSelection>(subquery: Subquery<string, S>): S {
  const aliased = subquery as unknown as Record<string, unknown>
  return Object.fromEntries(Object.keys(subquery._.selectedFields).map((key) => [key, aliased[key]])) as S
}
