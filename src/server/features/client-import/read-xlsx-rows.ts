import ExcelJS from 'exceljs'
import type { Cell, SheetRow } from './cell-values.ts'
import { UnreadableFileError } from './import-errors.ts'
import { openFirstSheet } from './xlsx-sheet-source.ts'
import type { ZipEntry } from './zip-directory.ts'

/** The value a user sees in a cell. A formula gives its cached result: we never evaluate one. */
function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return null
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value
  if (value instanceof Date) return value
  if (typeof value !== 'object') return null
  if ('result' in value) return toCell(value.result)
  if ('richText' in value && Array.isArray(value.richText)) {
    return value.richText.map((run: { text?: unknown }) => String(run.text ?? '')).join('')
  }
  // A hyperlink cell shows its text; an error (#N/A) or a formula without a cached value shows nothing.
  if ('text' in value) return toCell(value.text)
  return null
}

async function* firstSheetRows(reader: ExcelJS.stream.xlsx.WorkbookReader): AsyncGenerator<ExcelJS.Row> {
  for await (const sheet of reader) {
    yield* sheet
    return
  }
}

/**
 * exceljs pipes our stream into its unzipper, and a pipe does not pass errors on: a part that fails
 * its checks would leave exceljs waiting for bytes forever. Every step therefore races the source's
 * failure and the deadline.
 */
async function* untilFailure<T>(iterator: AsyncIterator<T>, failure: Promise<never>): AsyncGenerator<T> {
  try {
    while (true) {
      const next = await Promise.race([iterator.next(), failure])
      if (next.done) return
      yield next.value
    }
  } finally {
    iterator.return?.()?.catch(() => {})
  }
}

export async function openXlsxRows(path: string, entries: ZipEntry[], fileSize: number, deadline: number) {
  const source = await openFirstSheet(path, entries, fileSize, deadline)
  async function* rows(): AsyncGenerator<SheetRow> {
    let timer: NodeJS.Timeout | undefined
    const failure = new Promise<never>((_, reject) => {
      source.stream.once('error', reject)
      timer = setTimeout(
        () => reject(new UnreadableFileError('xlsx: deadline')),
        Math.max(0, deadline - Date.now()),
      )
    })
    failure.catch(() => {})
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(source.stream, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      entries: 'ignore',
    })
    try {
      for await (const row of untilFailure(firstSheetRows(reader), failure)) {
        const values = row.values as unknown[]
        const cells: Cell[] = []
        for (let i = 1; i < values.length; i++) cells.push(toCell(values[i]))
        yield { row: row.number, cells }
      }
    } finally {
      clearTimeout(timer)
      source.stream.destroy()
    }
  }
  return { rows: rows(), date1904: source.date1904 }
}
