import type { Cell, SheetRow } from './cell-values.ts'
import { UnreadableFileError } from './import-errors.ts'
import { openFirstSheet } from './xlsx-sheet-source.ts'
import { attributeOf, createXmlScanner, decodeText, readAttributes, type XmlHandler } from './xml-scanner.ts'
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

/** A shared string as most writers put it: one plain text, no runs, no phonetic guide. */
const PLAIN_STRING = /<si><t(?: xml:space="preserve")?>([^<]*)<\/t><\/si>/y

/** Shared strings in order: each <si> is the text of its runs, phonetic guides (<rPh>) left out. */
function sharedStringsReader(strings: string[]): XmlHandler {
  let current: string | undefined
  let phonetic = false
  const handler: XmlHandler = {
    capturing: false,
    take(buffer, at) {
      if (current !== undefined || buffer.charCodeAt(at + 1) !== 0x73) return -1
      PLAIN_STRING.lastIndex = at
      const match = PLAIN_STRING.exec(buffer)
      if (!match) return -1
      strings.push(decodeText(match[1]!))
      return PLAIN_STRING.lastIndex
    },
    open(name, _tag, selfClosing) {
      if (name === 'si') {
        if (selfClosing) strings.push('')
        else current = ''
      } else if (name === 'rPh') phonetic = !selfClosing
      else if (name === 't') handler.capturing = current !== undefined && !phonetic && !selfClosing
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

const CELL_ATTRIBUTES = ['r', 't']

/**
 * A cell as Excel and most writers put it: reference, maybe a style and a type, maybe a value,
 * nothing else. Read with one expression instead of four tags; anything else goes tag by tag.
 */
const PLAIN_CELL = /<c r="([A-Z]{1,3})[0-9]+"(?: s="[0-9]+")?(?: t="([a-zA-Z]+)")?>(?:<v>([^<]*)<\/v>)?<\/c>/y

/** Rows of <sheetData>, numbered as the sheet numbers them; a row without its number is refused. */
function sheetReader(strings: string[], emit: (row: SheetRow) => void): XmlHandler {
  const attributes: (string | undefined)[] = []
  let inSheetData = false
  let cells: Cell[] | undefined
  let row = 0
  let column = -1
  let type = 'n'
  let text: string | undefined
  let phonetic = false
  const put = (index: number, value: Cell) => {
    if (value === null || !cells) return
    while (cells.length < index) cells.push(null)
    cells[index] = value
  }
  const handler: XmlHandler = {
    capturing: false,
    take(buffer, at) {
      if (!cells || buffer.charCodeAt(at + 1) !== 0x63) return -1
      PLAIN_CELL.lastIndex = at
      const match = PLAIN_CELL.exec(buffer)
      if (!match) return -1
      const shown = match[3] === undefined ? undefined : decodeText(match[3])
      put(columnOf(match[1]), cellValue(match[2] ?? 'n', shown, strings))
      return PLAIN_CELL.lastIndex
    },
    open(name, tag, selfClosing) {
      if (name === 'c') {
        if (!cells) return
        if (selfClosing) {
          column = -1
          return
        }
        readAttributes(tag, CELL_ATTRIBUTES, attributes)
        column = columnOf(attributes[0])
        type = attributes[1] ?? 'n'
        text = undefined
      } else if (name === 'v') {
        if (column < 0) return
        text = ''
        handler.capturing = !selfClosing
      } else if (name === 't' || name === 'is') {
        // Inline strings: the runs' text, as for shared strings.
        if (column < 0 || phonetic) return
        if (name === 'is') type = 'inlineStr'
        text ??= ''
        handler.capturing = name === 't' && !selfClosing
      } else if (name === 'rPh') phonetic = !selfClosing
      else if (name === 'row') {
        if (!inSheetData) return
        row = Number.parseInt(attributeOf(tag, 'r') ?? '', 10)
        if (!(row >= 1)) throw new UnreadableFileError('xlsx: a row without its number')
        cells = []
        if (selfClosing) handler.close('row')
      } else if (name === 'sheetData') inSheetData = !selfClosing
    },
    close(name) {
      if (name === 'c') {
        if (column < 0) return
        put(column, cellValue(type, text, strings))
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
  const scanner = createXmlScanner(sharedStringsReader(strings))
  for await (const chunk of chunks) scanner.feed(chunk.toString('utf8'))
  scanner.end()
  return strings
}

/**
 * Reads the first sheet of an .xlsx with our own streaming reader: a general spreadsheet library
 * built a model of every cell and cost several times the rest of an import.
 */
export async function openXlsxRows(path: string, entries: ZipEntry[], fileSize: number, deadline: number) {
  const source = await openFirstSheet(path, entries, fileSize, deadline)
  async function* rows(): AsyncGenerator<SheetRow> {
    const strings = source.sharedStrings ? await readSharedStrings(source.sharedStrings()) : []
    const ready: SheetRow[] = []
    const scanner = createXmlScanner(sheetReader(strings, (row) => ready.push(row)))
    for await (const chunk of source.sheet()) {
      scanner.feed(chunk.toString('utf8'))
      yield* ready
      ready.length = 0
    }
    scanner.end()
  }
  return { rows: rows(), date1904: source.date1904 }
}
