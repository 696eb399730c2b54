import type { Cell, SheetRow } from './cell-values.ts'
import { UnreadableFileError } from './import-errors.ts'
import { openFirstSheet } from './open-first-sheet.ts'
import { attributeOf, createPartParser, type XmlHandler } from './xml-part-parser.ts'
import type { ZipEntry } from './zip-directory.ts'

/** Excel's last column is XFD. */
const MAX_COLUMN = 16_384

/** 0-based column of a cell reference ('B7' is 1). */
function columnOf(reference: string | undefined): number {
  let column = 0
  let i = 0
  for (; reference !== undefined && i < reference.length; i++) {
    const code = reference.charCodeAt(i) & ~0x20
    if (code < 0x41 || code > 0x5a) break
    column = column * 26 + (code - 0x40)
  }
  if (i === 0 || column > MAX_COLUMN) throw new UnreadableFileError('xlsx: a cell without its reference')
  return column - 1
}

/**
 * The value a user sees in a cell. A formula gives its cached result (we never evaluate one), an
 * error (#N/A) or a formula without a cached value shows nothing, dates stored as numbers stay
 * serial numbers (styles are not read; the date columns read serials).
 */
function cellValue(type: string, text: string | undefined, strings: string[]): Cell {
  if (text === undefined) return null
  switch (type) {
    case 's':
      return strings[Number.parseInt(text, 10)] ?? null
    case 'str':
    case 'inlineStr':
    case 'd':
      return text
    case 'e':
      return null
    case 'b':
      return Number.parseInt(text, 10) !== 0
    default: {
      const number = Number.parseFloat(text)
      return Number.isNaN(number) ? null : number
    }
  }
}

/** Shared strings in order: each <si> is the text of its runs, phonetic guides (<rPh>) left out. */
function sharedStringsReader(strings: string[]): XmlHandler {
  let current: string | undefined
  let phonetic = false
  const handler: XmlHandler = {
    capturing: false,
    open(name) {
      if (name === 'si') current = ''
      else if (name === 'rPh') phonetic = true
      else if (name === 't') handler.capturing = current !== undefined && !phonetic
    },
    close(name) {
      if (name === 't') handler.capturing = false
      else if (name === 'rPh') phonetic = false
      else if (name === 'si' && current !== undefined) {
        strings.push(current)
        current = undefined
      }
    },
    text(text) {
      current += text
    },
  }
  return handler
}

/** Rows of <sheetData>, numbered as the sheet numbers them; a row without its number is refused. */
function sheetReader(strings: string[], emit: (row: SheetRow) => void): XmlHandler {
  let inSheetData = false
  let cells: Cell[] | undefined
  let row = 0
  let column = -1
  let type = 'n'
  let text: string | undefined
  let phonetic = false
  const handler: XmlHandler = {
    capturing: false,
    open(name, attributes, selfClosing) {
      if (name === 'c') {
        if (!cells) return
        // A cell without content holds no value; its reference is not even needed.
        if (selfClosing) {
          column = -1
          return
        }
        column = columnOf(attributeOf(attributes, 'r'))
        type = attributeOf(attributes, 't') ?? 'n'
        text = undefined
      } else if (name === 'v') {
        if (column < 0) return
        text = ''
        handler.capturing = true
      } else if (name === 't' || name === 'is') {
        // Inline strings: the runs' text, as for shared strings.
        if (column < 0 || phonetic) return
        if (name === 'is') type = 'inlineStr'
        text ??= ''
        handler.capturing = name === 't'
      } else if (name === 'rPh') phonetic = true
      else if (name === 'row') {
        if (!inSheetData) return
        row = Number.parseInt(attributeOf(attributes, 'r') ?? '', 10)
        if (!(row >= 1)) throw new UnreadableFileError('xlsx: a row without its number')
        cells = []
      } else if (name === 'sheetData') inSheetData = true
    },
    close(name) {
      if (name === 'c') {
        if (column < 0) return
        const value = cellValue(type, text, strings)
        if (value !== null && cells) {
          while (cells.length < column) cells.push(null)
          cells[column] = value
        }
        column = -1
      } else if (name === 'v' || name === 't') handler.capturing = false
      else if (name === 'rPh') phonetic = false
      else if (name === 'row' && cells) {
        emit({ row, cells })
        cells = undefined
      } else if (name === 'sheetData') inSheetData = false
    },
    text(more) {
      text += more
    },
  }
  return handler
}

async function readSharedStrings(chunks: AsyncIterable<Buffer>): Promise<string[]> {
  const strings: string[] = []
  const parser = createPartParser(sharedStringsReader(strings), 'sst')
  for await (const chunk of chunks) parser.write(chunk)
  parser.end()
  return strings
}

/**
 * Reads the first sheet of an .xlsx as a stream of rows: yauzl finds and inflates the parts, saxes
 * reads their XML. A general spreadsheet library built a model of every cell and cost several
 * times the rest of an import.
 */
export async function openXlsxRows(path: string, entries: ZipEntry[], fileSize: number, deadline: number) {
  const source = await openFirstSheet(path, entries, fileSize, deadline)
  async function* rows(): AsyncGenerator<SheetRow> {
    const strings = source.sharedStrings ? await readSharedStrings(source.sharedStrings()) : []
    const ready: SheetRow[] = []
    const parser = createPartParser(
      sheetReader(strings, (row) => ready.push(row)),
      'worksheet',
    )
    for await (const chunk of source.sheet()) {
      parser.write(chunk)
      yield* ready
      ready.length = 0
    }
    parser.end()
    yield* ready
  }
  return { rows: rows(), date1904: source.date1904 }
}
