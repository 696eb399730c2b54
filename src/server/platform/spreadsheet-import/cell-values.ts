/** One cell as a reader hands it over: CSV gives text, spreadsheets also numbers, booleans and dates. */
export type Cell = string | number | boolean | Date | null

/** One spreadsheet row, numbered as the user sees it (the first row of the sheet is 1). */
export interface SheetRow {
  row: number
  cells: Cell[]
}

/** Text as the user sees it. Text is kept exactly (only trimmed): '=cmd' stays '=cmd', we never evaluate. */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return ''
  if (typeof cell === 'string') return cell.trim()
  if (typeof cell === 'number') return digitsOrNumber(cell)
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE'
  return isoFromUtc(cell) ?? ''
}

/** Whole numbers without exponent or decimals: a phone typed as 5552013344 reads back as written. */
function digitsOrNumber(value: number): string {
  return Number.isInteger(value) && Math.abs(value) < 1e21 ? value.toFixed(0) : String(value)
}

/**
 * A phone: a number cell becomes its digits. Text in scientific notation ('5.552013344E+09', what
 * Excel shows for a long number) is expanded only when it still holds every digit; '5.55E+09' has
 * lost them, so it stays as typed and fails the 10-digit rule instead of importing a wrong number.
 */
export function phoneText(cell: Cell | undefined): string {
  const text = cellText(cell)
  const scientific = /^(\d)(?:\.(\d+))?e\+?(\d{1,2})$/i.exec(text)
  if (!scientific) return text
  const digits = scientific[1]! + (scientific[2] ?? '')
  const exponent = Number(scientific[3])
  return digits.length >= 10 && digits.length - 1 <= exponent ? digits.padEnd(exponent + 1, '0') : text
}

/** A zip code stored as a number lost its leading zeros (02134 became 2134); five digits put them back. */
export function zipText(cell: Cell | undefined): string {
  if (typeof cell === 'number' && Number.isInteger(cell) && cell >= 0 && cell < 100_000) {
    return cell.toFixed(0).padStart(5, '0')
  }
  return cellText(cell)
}

export function countDigits(text: string): number {
  let count = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 48 && code <= 57) count++
  }
  return count
}

function isoFromUtc(date: Date): string | undefined {
  if (Number.isNaN(date.getTime())) return undefined
  return date.toISOString().slice(0, 10)
}

// Excel's day 0 is 1899-12-30 for serials from 61 on, because Excel counts a 29 February 1900 that
// never was; the 1904 system (old Mac workbooks) starts at 1904-01-01. Both as days since 1970-01-01.
const EXCEL_EPOCH_1900 = -25_569
const EXCEL_EPOCH_1904 = -24_107

/**
 * yyyy-mm-dd of a day counted from 1970-01-01 in the proleptic Gregorian calendar, by arithmetic
 * (H. Hinnant's civil_from_days): a Date and its toISOString for every date cell cost more than
 * the rest of reading the row. Past the year 9999, none (as Excel).
 */
function isoFromEpochDay(epochDay: number): string | undefined {
  const shifted = epochDay + 719_468
  const era = Math.floor(shifted / 146_097)
  const dayOfEra = shifted - era * 146_097
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  )
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153)
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  if (year > 9999) return undefined
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`
}

/** An Excel serial day number as a date; the time of day (the fraction) is dropped. */
export function excelSerialToIso(serial: number, date1904 = false): string | undefined {
  if (!Number.isFinite(serial) || serial < 1 || serial >= 2_958_466) return undefined
  const day = Math.floor(serial)
  if (date1904) return isoFromEpochDay(EXCEL_EPOCH_1904 + day)
  if (day === 60) return undefined
  return isoFromEpochDay(EXCEL_EPOCH_1900 + (day < 60 ? day + 1 : day))
}
