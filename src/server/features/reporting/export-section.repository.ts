import { and, asc, eq, gt, or, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Executor } from '#server/db/connect.ts'

/**
 * What a section of the data export is (decision 013), and how one page of it is read. Each
 * section's columns are an allow-list, so a column added to a table later (a secret, a hash, a
 * storage key) stays out until it is named there. Sensitive numbers are selected as their last
 * four only, never the ciphertext, and masked.
 */

/** Rows per query: the export never holds more than one page of a table in memory. */
export const EXPORT_PAGE_SIZE = 500

export type MaskKind = 'ssn' | 'account'

export interface SectionColumns {
  columns: Record<string, PgColumn>
  /** Output fields holding a last four, and how to mask them. */
  masked: Record<string, MaskKind>
}

export function pick<T extends object, K extends keyof T & string>(table: T, names: readonly K[]) {
  return Object.fromEntries(names.map((name) => [name, table[name]])) as unknown as Record<K, PgColumn>
}

export const plain = (columns: Record<string, PgColumn>): SectionColumns => ({ columns, masked: {} })

export interface ExportSection {
  name: string
  table: PgTable
  /** The allow-list of what the section exports. */
  select: SectionColumns
  /** An ordered column to page by: unique, or unique together with `tieKey`. */
  key: PgColumn
  /** The key's name in a selected row. */
  keyField: string
  /** The second column of a two-column key (a vote is one per item and user). */
  tieKey?: { column: PgColumn; field: string }
  where: SQL | undefined
}

/** Rows after `last` in the section's key order. */
function after(section: ExportSection, last: Record<string, unknown>): SQL | undefined {
  const { key, keyField, tieKey } = section
  if (!tieKey) return gt(key, last[keyField])
  return or(gt(key, last[keyField]), and(eq(key, last[keyField]), gt(tieKey.column, last[tieKey.field])))
}

/** One page of a section after the row `last` (keyset paging on the section's key). */
export async function readExportPage(
  executor: Executor,
  section: ExportSection,
  last: Record<string, unknown> | null,
): Promise<Record<string, unknown>[]> {
  const where = last === null ? section.where : and(section.where, after(section, last))
  const order = section.tieKey ? [asc(section.key), asc(section.tieKey.column)] : [asc(section.key)]
  return (await executor
    .select(section.select.columns)
    .from(section.table)
    .where(where)
    .orderBy(...order)
    .limit(EXPORT_PAGE_SIZE)) as Record<string, unknown>[]
}
