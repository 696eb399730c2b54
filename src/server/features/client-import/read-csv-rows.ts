import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { pipeline, Transform } from 'node:stream'
import { parse } from 'csv-parse'
import type { SheetRow } from './cell-values.ts'
import { CSV_MAX_RECORD_CHARS } from './import-limits.ts'
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

async function readHead(path: string, encoding: TextEncoding): Promise<string> {
  const handle = await open(path, 'r')
  try {
    const buffer = Buffer.alloc(64 * 1024)
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
    const head = buffer.subarray(0, bytesRead)
    return encoding === 'utf-8' ? head.toString('utf8') : decodeWindows1252(head)
  } finally {
    await handle.close()
  }
}

/** Windows-1252 is one byte a character, so converting chunk by chunk never splits one. */
function windows1252ToUtf8(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, Buffer.from(decodeWindows1252(chunk), 'utf8'))
    },
  })
}

/**
 * Streams the records of a CSV file. Row numbers count every record, blank lines included, which is
 * where a spreadsheet program shows them. Quotes inside an unquoted field are kept (5'10" stays);
 * a record of more than CSV_MAX_RECORD_CHARS (an unclosed quote) is an error.
 */
export async function* readCsvRows(path: string, encoding: TextEncoding): AsyncGenerator<SheetRow> {
  const delimiter = detectDelimiter(await readHead(path, encoding))
  const parser = parse({
    delimiter,
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: false,
    max_record_size: CSV_MAX_RECORD_CHARS,
  })
  const source = createReadStream(path)
  if (encoding === 'utf-8') pipeline(source, parser, () => {})
  else pipeline(source, windows1252ToUtf8(), parser, () => {})
  let row = 0
  for await (const record of parser as AsyncIterable<string[]>) {
    row++
    yield { row, cells: record }
  }
}
