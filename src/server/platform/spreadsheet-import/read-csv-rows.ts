import { readFile } from 'node:fs/promises'
import type { SheetRow } from './cell-values.ts'
import { CSV_MAX_RECORD_CHARS } from './import-limits.ts'
import { parseCsv } from './parse-csv.ts'
import { decodeWindows1252, type TextEncoding } from './sniff-file-kind.ts'

const DELIMITERS = [',', ';', '\t'] as const

/**
 * The delimiter the header line uses most, outside quotes: ',' by default, ';' where Excel writes
 * CSV for a locale whose decimal mark is a comma, tab for text exported from other tools.
 */
export function detectDelimiter(text: string): (typeof DELIMITERS)[number] {
  const line =
    text
      .replace(/^\uFEFF/, '')
      .split(/\r\n|\n|\r/)
      .find((l) => l.trim() !== '') ?? ''
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]))
  let quoted = false
  for (const char of line) {
    if (char === '"') quoted = !quoted
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1)
  }
  let best: (typeof DELIMITERS)[number] = ','
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d
  return best
}

/**
 * Reads the records of a CSV file. Row numbers count every record, blank lines included, which is
 * where a spreadsheet program shows them. Quotes inside an unquoted field are kept (5'10" stays);
 * a record of more than CSV_MAX_RECORD_CHARS (an unclosed quote) is an error. The file is read
 * whole (the upload is at most 10 MB): parsing one string is several times faster than a stream.
 */
export async function* readCsvRows(path: string, encoding: TextEncoding): AsyncGenerator<SheetRow> {
  const bytes = await readFile(path)
  const text = encoding === 'utf-8' ? bytes.toString('utf8') : decodeWindows1252(bytes)
  const delimiter = detectDelimiter(text.slice(0, 64 * 1024))
  let row = 0
  for (const record of parseCsv(text, delimiter, CSV_MAX_RECORD_CHARS)) {
    row++
    yield { row, cells: record }
  }
}
