import { type Cell, excelSerialToIso } from './cell-values.ts'

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
]

function monthOf(name: string): number | undefined {
  const word = name.toLowerCase().replace(/\.$/, '')
  if (word.length < 3) return undefined
  const index = MONTHS.indexOf(word.slice(0, 3))
  // 'Sept' and 'March' are fine, 'Marchx' is not.
  if (index < 0 || !MONTH_NAMES[index]!.startsWith(word)) return undefined
  return index + 1
}

/** '85' is 1985 and '05' is 2005: a two-digit year is the latest one not in the future. */
function fullYear(text: string, today: Date): number {
  const year = Number(text)
  if (text.length > 2) return year
  const thisYear = today.getUTCFullYear()
  return 2000 + year <= thisYear ? 2000 + year : 1900 + year
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

function daysIn(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!
}

/** yyyy-mm-dd of a real date (31 February is none); years outside 1000-9999 are never a birth date. */
function isoOf(year: number, month: number, day: number): string | undefined {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) {
    return undefined
  }
  return `${year}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`
}

/** US order (month first) unless the first number cannot be a month. */
function fromNumbers(first: number, second: number, year: number): string | undefined {
  return first > 12 && second <= 12 ? isoOf(year, second, first) : isoOf(year, first, second)
}

function parseDateText(text: string, today: Date): string | undefined {
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ][\d:.]+Z?)?$/.exec(text)
  if (m) return isoOf(Number(m[1]), Number(m[2]), Number(m[3]))
  m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})$/.exec(text)
  if (m) return fromNumbers(Number(m[1]), Number(m[2]), fullYear(m[3]!, today))
  // Dots are the day-first European style (12.03.1985).
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})$/.exec(text)
  if (m) return isoOf(fullYear(m[3]!, today), Number(m[2]), Number(m[1]))
  m = /^([a-z]+\.?)\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4}|\d{2})$/i.exec(text)
  if (m) {
    const month = monthOf(m[1]!)
    return month ? isoOf(fullYear(m[3]!, today), month, Number(m[2])) : undefined
  }
  // '12 March 1985' and Excel's '12-Mar-85'.
  m = /^(\d{1,2})[\s-]([a-z]+\.?)[\s-],?\s*(\d{4}|\d{2})$/i.exec(text)
  if (m) {
    const month = monthOf(m[2]!)
    return month ? isoOf(fullYear(m[3]!, today), month, Number(m[1])) : undefined
  }
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(text)
  if (m) return isoOf(Number(m[1]), Number(m[2]), Number(m[3]))
  // A date column saved to CSV without its format is the bare serial number.
  if (/^\d{1,5}$/.test(text)) return excelSerialToIso(Number(text))
  return undefined
}

/**
 * A cell as a calendar date yyyy-mm-dd, or undefined when it is none. Numbers are Excel serial
 * days; Date cells are taken at UTC, as both spreadsheet libraries produce them; text is read in
 * the usual ways of writing a date (US order when ambiguous). Two-digit years are the latest one
 * not after `today`'s year.
 */
export function parseDateCell(
  cell: Cell,
  options: { date1904?: boolean; today?: Date } = {},
): string | undefined {
  if (typeof cell === 'number') return excelSerialToIso(cell, options.date1904)
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? undefined : cell.toISOString().slice(0, 10)
  if (typeof cell === 'string')
    return parseDateText(cell.trim().replace(/\s+/g, ' '), options.today ?? new Date())
  return undefined
}

/**
 * A date of birth as yyyy-mm-dd, or undefined when the cell is not a date a person could be born
 * on (from 1900 to today).
 */
export function parseBirthDate(
  cell: Cell,
  options: { date1904?: boolean; today?: Date } = {},
): string | undefined {
  const today = options.today ?? new Date()
  const iso = parseDateCell(cell, { ...options, today })
  if (!iso || iso < '1900-01-01' || iso > isoDay(today)) return undefined
  return iso
}

// An import passes the same `today` for every row: its day is formatted once.
let lastToday: Date | undefined
let lastTodayIso = ''
function isoDay(today: Date): string {
  if (today !== lastToday) {
    lastToday = today
    lastTodayIso = today.toISOString().slice(0, 10)
  }
  return lastTodayIso
}
