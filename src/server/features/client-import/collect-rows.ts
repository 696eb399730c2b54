import {
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_TEXTS,
  type ImportResult,
} from '#shared/contracts/client-import.contract.ts'
import { type Cell, cellText, type SheetRow } from './cell-values.service.ts'
import { type ClientChunk, createChunkBuilder } from './client-chunk.service.ts'
import { fillText, invalidFile, UnreadableFileError } from './import-errors.service.ts'
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

/** Cells up to the last one holding something: trailing empty cells are not columns. */
function filledWidth(cells: Cell[]): number {
  for (let i = cells.length - 1; i >= 0; i--) if (cellText(cells[i]) !== '') return i + 1
  return 0
}

const formatCount = (n: number) => n.toLocaleString('en-US')

export interface CollectOptions {
  date1904: boolean
  deadline: number
  chunkSize: number
}

/**
 * Reads every row once: the first non-blank row is the header, blank rows are skipped, each other
 * row is checked and either kept (valid, first time its email is seen), listed as a duplicate or
 * listed with its problems. Kept rows go to `onChunk` by chunks of `chunkSize`, the last one as the
 * file ends. The file-level limits stop the reading at the row that breaks them.
 */
export async function collectRows(
  rows: AsyncIterable<SheetRow>,
  onChunk: (chunk: ClientChunk) => Promise<void>,
  options: CollectOptions,
): Promise<CollectedRows> {
  let positions: ColumnPositions | undefined
  const seen = new Set<string>()
  const chunk = createChunkBuilder()
  const rowOptions = { date1904: options.date1904, today: new Date() }
  const collected: CollectedRows = { totalRows: 0, errors: [], duplicates: [] }
  for await (const { row, cells } of rows) {
    const width = filledWidth(cells)
    if (width === 0) continue
    if (width > IMPORT_MAX_COLUMNS) {
      throw invalidFile(fillText(IMPORT_TEXTS.tooManyColumns, { max: formatCount(IMPORT_MAX_COLUMNS) }))
    }
    if (Date.now() > options.deadline) throw new UnreadableFileError('reading took too long')
    if (!positions) {
      positions = matchColumns(cells)
      continue
    }
    if (++collected.totalRows > IMPORT_MAX_ROWS) {
      throw invalidFile(fillText(IMPORT_TEXTS.tooManyRows, { max: formatCount(IMPORT_MAX_ROWS) }))
    }
    const result = readClientRow(cells, positions, rowOptions)
    if (result.problems) {
      for (const { field, message } of result.problems) collected.errors.push({ row, message, field })
      continue
    }
    const { email } = result.client
    if (seen.has(email)) {
      collected.duplicates.push({ row, email })
      continue
    }
    seen.add(email)
    chunk.add(row, result.client)
    if (chunk.size === options.chunkSize) await onChunk(chunk.take())
  }
  if (!positions) throw invalidFile(IMPORT_TEXTS.emptyFile)
  if (chunk.size > 0) await onChunk(chunk.take())
  return collected
}
