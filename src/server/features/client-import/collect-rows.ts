import type { Cell, SheetRow } from '#server/platform/spreadsheet-import/cell-values.ts'
import { collectSheetRows } from '#server/platform/spreadsheet-import/collect-sheet-rows.ts'
import type { CollectOptions } from '#server/platform/spreadsheet-import/serve-parse-tasks.ts'
import { IMPORT_TEXTS, type ImportResult } from '#shared/contracts/client-import.contract.ts'
import { type ClientChunk, createChunkBuilder } from './client-chunk.service.ts'
import { type ColumnPositions, matchColumns } from './match-columns.ts'
import { readClientRow } from './read-client-row.ts'

export interface Duplicate {
  row: number
  email: string
}

export interface CollectedRows {
  /** Non-blank data rows. */
  totalRows: number
  errors: ImportResult['errors']
  /** Rows whose email appeared on an earlier valid row of the file. */
  duplicates: Duplicate[]
}

/**
 * Reads every row once (collect-sheet-rows.ts): each data row is checked and either kept (valid,
 * first time its email is seen), listed as a duplicate or listed with its problems. Kept rows go
 * to `onChunk` by chunks of `chunkSize`.
 */
export async function collectRows(
  rows: AsyncIterable<SheetRow>,
  onChunk: (chunk: ClientChunk) => Promise<void>,
  options: CollectOptions,
): Promise<CollectedRows> {
  let positions: ColumnPositions = {}
  const seen = new Set<string>()
  const chunk = createChunkBuilder()
  const rowOptions = { date1904: options.date1904, today: new Date() }
  const collected: CollectedRows = { totalRows: 0, errors: [], duplicates: [] }
  const handler = {
    header(cells: Cell[]) {
      positions = matchColumns(cells)
    },
    row(row: number, cells: Cell[]) {
      const result = readClientRow(cells, positions, rowOptions)
      if (result.problems) {
        for (const { field, message } of result.problems) collected.errors.push({ row, message, field })
        return
      }
      const { email } = result.client
      if (seen.has(email)) {
        collected.duplicates.push({ row, email })
        return
      }
      seen.add(email)
      chunk.add(row, result.client)
    },
    get size() {
      return chunk.size
    },
    take: () => chunk.take(),
  }
  collected.totalRows = await collectSheetRows(rows, handler, onChunk, {
    ...options,
    tooManyColumns: IMPORT_TEXTS.tooManyColumns,
  })
  return collected
}
