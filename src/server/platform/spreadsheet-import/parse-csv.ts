/** A text that is not CSV; named and coded as csv-parse's errors were, so logs read the same. */
export class CsvError extends Error {
  override name = 'CsvError'
  constructor(readonly code: 'CSV_QUOTE_NOT_CLOSED' | 'CSV_MAX_RECORD_SIZE') {
    super(code)
  }
}

const QUOTE = 0x22
const CR = 0x0d
const LF = 0x0a

/**
 * The records of a CSV text, as csv-parse reads them with the options we used to give it
 * (relax_quotes, relax_column_count, skip_empty_lines off, max_record_size), several times faster:
 * - the line end is the first of \r\n, \n or \r met outside quotes, and only that one after it;
 * - a field that starts with a quote runs to the quote followed by the delimiter, the line end or
 *   the end of the text ("" inside is one quote); a quote followed by anything else is kept with
 *   the text around it, as is a quote inside a field that did not start with one (5'10");
 * - an empty line is one empty field; the end of the text ends the last record;
 * - a record over maxRecordSize (counted as csv-parse counts: finished fields in characters, the
 *   field being read in UTF-8 bytes) or a quote never closed is an error.
 */
export function* parseCsv(text: string, delimiter: string, maxRecordSize: number): Generator<string[]> {
  const DELIMITER = delimiter.charCodeAt(0)
  const end = text.length
  let lineEnd = ''
  let record: string[] = []
  let recordLength = 0
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0

  /** Length of the line end at `at` (discovering it on first sight), or 0. */
  const lineEndAt = (at: number): number => {
    const code = text.charCodeAt(at)
    if (code !== CR && code !== LF) return 0
    if (lineEnd === '')
      lineEnd = code === CR && text.charCodeAt(at + 1) === LF ? '\r\n' : code === CR ? '\r' : '\n'
    return text.startsWith(lineEnd, at) ? lineEnd.length : 0
  }
  const addField = (field: string) => {
    if (field.length > 0 && recordLength + field.length * 3 > maxRecordSize) {
      if (recordLength + Buffer.byteLength(field) - 1 > maxRecordSize) {
        throw new CsvError('CSV_MAX_RECORD_SIZE')
      }
    }
    record.push(field)
    recordLength += field.length
  }

  while (i < end) {
    let field = ''
    let start = i
    if (text.charCodeAt(i) === QUOTE) {
      start = ++i
      while (true) {
        const quote = text.indexOf('"', i)
        if (quote < 0) throw new CsvError('CSV_QUOTE_NOT_CLOSED')
        if (text.charCodeAt(quote + 1) === QUOTE) {
          field += text.slice(start, quote + 1)
          start = i = quote + 2
          continue
        }
        field += text.slice(start, quote)
        i = start = quote + 1
        if (i === end || text.charCodeAt(i) === DELIMITER || lineEndAt(i) > 0) break
        // A closing quote followed by more text: the field is kept as written from here on.
        field = `"${field}"`
        break
      }
    }
    // Unquoted text, or what follows a quote that did not end its field.
    let stop = i
    let after = 0
    while (stop < end) {
      const code = text.charCodeAt(stop)
      if (code === DELIMITER) break
      if (code === CR || code === LF) {
        after = lineEndAt(stop)
        if (after > 0) break
      }
      stop++
    }
    field += text.slice(start, stop)
    addField(field)
    if (stop >= end) break
    if (after === 0) {
      i = stop + 1
      // A delimiter at the very end leaves one empty field.
      if (i === end) addField('')
      continue
    }
    yield record
    record = []
    recordLength = 0
    i = stop + after
  }
  if (record.length > 0) yield record
}
