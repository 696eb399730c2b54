import { SPREADSHEET_TEXTS } from '#shared/contracts/spreadsheet-import.ts'
import { type Cell, cellText } from './cell-values.ts'
import { invalidFile } from './import-errors.ts'

/** A header as it is compared: without case, spaces or punctuation ('FIRST_NAME' is 'firstname'). */
export function normalizeHeader(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
}

/**
 * Reads a header row against each column's names (normalized, the contract's own first, so a sheet
 * with two candidates binds the contract's). Refuses a row that names no required column (no
 * header, or not on the first row) with `noHeader`, and one that lacks some, naming them.
 */
export function matchHeader<Column extends string>(
  cells: Cell[],
  aliases: Record<Column, readonly string[]>,
  required: readonly Column[],
  noHeader: string,
): Partial<Record<Column, number>> {
  const names = cells.map((cell) => normalizeHeader(cellText(cell)))
  const positions: Partial<Record<Column, number>> = {}
  const taken = new Set<number>()
  for (const column of Object.keys(aliases) as Column[]) {
    for (const alias of aliases[column]) {
      const index = names.indexOf(alias)
      if (index >= 0 && !taken.has(index)) {
        positions[column] = index
        taken.add(index)
        break
      }
    }
  }
  const missing = required.filter((column) => positions[column] === undefined)
  if (missing.length === required.length) throw invalidFile(noHeader)
  if (missing.length > 0) {
    throw invalidFile(SPREADSHEET_TEXTS.missingColumns.replace('{columns}', missing.join(', ')))
  }
  return positions
}
