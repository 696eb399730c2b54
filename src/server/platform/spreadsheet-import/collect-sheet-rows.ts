import {
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  SPREADSHEET_TEXTS,
} from '#shared/contracts/spreadsheet-import.ts'
import { type Cell, cellText, type SheetRow } from './cell-values.ts'
import { fillText, invalidFile, UnreadableFileError } from './import-errors.ts'
import type { CollectOptions } from './serve-parse-tasks.ts'

/** Cells up to the last one holding something: trailing empty cells are not columns. */
function filledWidth(cells: Cell[]): number {
  for (let i = cells.length - 1; i >= 0; i--) if (cellText(cells[i]) !== '') return i + 1
  return 0
}

const formatCount = (n: number) => n.toLocaleString('en-US')

/** What an import does with the rows the loop hands it. */
export interface SheetRowHandler<Chunk> {
  /** The first non-blank row: reads where the columns are, or refuses the file. */
  header(cells: Cell[]): void
  /** A data row: kept in the chunk being built, or listed as a duplicate or with its problems. */
  row(row: number, cells: Cell[]): void
  /** Rows kept since the last take. */
  readonly size: number
  take(): Chunk
}

/**
 * The loop every import reads its rows with: the first non-blank row is the header, blank rows are
 * skipped, every other row goes to the handler, and its kept rows go to `onChunk` by chunks of
 * `chunkSize`, the last one as the file ends. The file-level limits (columns, rows, the deadline)
 * stop the reading at the row that breaks them. Answers the count of non-blank data rows.
 */
export async function collectSheetRows<Chunk>(
  rows: AsyncIterable<SheetRow>,
  handler: SheetRowHandler<Chunk>,
  onChunk: (chunk: Chunk) => Promise<void>,
  options: CollectOptions & { tooManyColumns: string },
): Promise<number> {
  let headed = false
  let totalRows = 0
  for await (const { row, cells } of rows) {
    const width = filledWidth(cells)
    if (width === 0) continue
    if (width > IMPORT_MAX_COLUMNS) {
      throw invalidFile(fillText(options.tooManyColumns, { max: formatCount(IMPORT_MAX_COLUMNS) }))
    }
    if (Date.now() > options.deadline) throw new UnreadableFileError('reading took too long')
    if (!headed) {
      handler.header(cells)
      headed = true
      continue
    }
    if (++totalRows > IMPORT_MAX_ROWS) {
      throw invalidFile(fillText(SPREADSHEET_TEXTS.tooManyRows, { max: formatCount(IMPORT_MAX_ROWS) }))
    }
    handler.row(row, cells)
    if (handler.size === options.chunkSize) await onChunk(handler.take())
  }
  if (!headed) throw invalidFile(SPREADSHEET_TEXTS.emptyFile)
  if (handler.size > 0) await onChunk(handler.take())
  return totalRows
}
