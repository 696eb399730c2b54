import { readFile } from 'node:fs/promises'
import * as XLSX from '@e965/xlsx'
import type { Cell, SheetRow } from './cell-values.ts'
import { UnreadableFileError, wrongType } from './import-errors.ts'

// BIFF8, the last .xls format, holds at most 65,536 rows; anything claiming more is not a real sheet.
const XLS_MAX_ROWS = 65_536

function toCell(cell: XLSX.CellObject | undefined): Cell {
  if (!cell) return null
  // Formula cells carry their cached value in v; errors (#N/A) and stubs show nothing.
  if (cell.t === 'e' || cell.t === 'z') return null
  const value = cell.v
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value
  return value instanceof Date ? value : null
}

/** An OLE2 file holds an .xls only when it has a Workbook (BIFF8) or Book (BIFF5) stream. */
function checkWorkbookStream(bytes: Buffer): void {
  let paths: string[]
  try {
    paths = XLSX.CFB.read(bytes, { type: 'buffer' }).FullPaths as string[]
  } catch (error) {
    throw new UnreadableFileError(`xls: ${(error as Error).message}`)
  }
  // A password-protected .xlsx is an OLE2 file too: the right type, but we cannot read it.
  if (paths.some((p) => /\/EncryptedPackage$/i.test(p))) throw new UnreadableFileError('xls: encrypted')
  if (!paths.some((p) => /\/(Workbook|Book)$/i.test(p))) throw wrongType()
}

/**
 * Legacy .xls through SheetJS, the one reader here that loads the whole file: acceptable because
 * the format is legacy, the upload is at most 10 MB and a sheet at most 65,536 rows. Only the
 * first sheet is parsed, with values only (no formulas, styles or HTML).
 */
export async function openXlsRows(
  path: string,
): Promise<{ rows: AsyncGenerator<SheetRow>; date1904: boolean }> {
  const bytes = await readFile(path)
  checkWorkbookStream(bytes)
  let book: XLSX.WorkBook
  try {
    book = XLSX.read(bytes, {
      type: 'buffer',
      dense: true,
      sheets: 0,
      sheetRows: XLS_MAX_ROWS,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellNF: false,
      cellStyles: false,
      cellDates: false,
    })
  } catch (error) {
    throw new UnreadableFileError(`xls: ${(error as Error).message}`)
  }
  const sheet = book.Sheets[book.SheetNames[0] ?? '']
  const data: (XLSX.CellObject[] | undefined)[] = sheet?.['!data'] ?? []
  async function* rows(): AsyncGenerator<SheetRow> {
    for (let index = 0; index < data.length; index++) {
      const cells = data[index]
      if (cells) yield { row: index + 1, cells: Array.from(cells, toCell) }
    }
  }
  return { rows: rows(), date1904: Boolean(book.Workbook?.WBProps?.date1904) }
}
