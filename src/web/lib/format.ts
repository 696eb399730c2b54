/**
 * en-US numbers, dollars and dates, written out by hand: making an Intl formatter loads the
 * browser's locale data, which cost ~150 ms of a throttled phone's first dashboard render. The
 * format test holds every function to Intl's own output; the rare values outside the hand-written
 * range (years before 1000, amounts past 10^15, NaN) still go to Intl, made on first use.
 */
function once<T>(make: () => T): () => T {
  let made: T | undefined
  return () => {
    made ??= make()
    return made
  }
}

const intlDollars = once(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }),
)
const intlCents = once(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }))
const intlDate = once(
  () => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
)
const intlDateTime = once(
  () =>
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
)

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** V8 writes a plain space before AM/PM (ICU's narrow no-break space was reverted for the web). */
const BEFORE_DAY_PERIOD = ' '
const LARGEST_BY_HAND = 1e15

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')

/**
 * Intl rounds the shortest decimal that reads back as the amount (what `String` writes), half away
 * from zero: -0.015 shows as '-$0.02' though its binary value is a hair under. So the rounding is
 * done on those digits. A negative amount, -0 included, keeps its sign as Intl shows it ('-$0').
 */
function dollars(amount: number, decimals: 0 | 2, intl: () => Intl.NumberFormat): string {
  const magnitude = Math.abs(amount)
  if (!(magnitude < LARGEST_BY_HAND)) return intl().format(amount)
  // Below 10^-6 String writes an exponent, and such an amount rounds to zero.
  const text = magnitude < 1e-6 ? '0' : String(magnitude)
  const [whole = '0', fraction = ''] = text.split('.')
  const kept = BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'))
  const rounded = String((fraction[decimals] ?? '0') >= '5' ? kept + 1n : kept).padStart(decimals + 1, '0')
  const cut = rounded.length - decimals
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : ''
  return `${sign}$${group(rounded.slice(0, cut))}${decimals ? `.${rounded.slice(cut)}` : ''}`
}

function toDate(value: Date | string): Date {
  return typeof value === 'string' ? new Date(value) : value
}

function shortDate(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`
}

/** Invalid dates throw from Intl as before, and years outside 1000–9999 take Intl's era forms. */
function byHand(date: Date): boolean {
  const year = date.getFullYear()
  return year >= 1000 && year <= 9999
}

/** Amounts on statistics screens: US dollars, no decimals (spec part 1 §9). */
export function formatDollars(amount: number): string {
  return dollars(amount, 0, intlDollars)
}

/** Prices keep their cents ('$29.99'), and whole prices stay short ('$0'). */
export function formatPrice(amount: number | string): string {
  const value = typeof amount === 'string' ? Number(amount) : amount
  return Number.isInteger(value) ? dollars(value, 0, intlDollars) : dollars(value, 2, intlCents)
}

/** Always with cents ('$25.00'): a monthly share of a yearly price, beside other prices with cents. */
export function formatCents(amount: number): string {
  return dollars(amount, 2, intlCents)
}

/** en-US, short month, day, year: 'Jan 5, 2025'. */
export function formatDate(value: Date | string): string {
  const date = toDate(value)
  return byHand(date) ? shortDate(date) : intlDate().format(date)
}

/** For events a few minutes apart: 'Jan 5, 2025, 12:00 PM'. */
export function formatDateTime(value: Date | string): string {
  const date = toDate(value)
  if (!byHand(date)) return intlDateTime().format(date)
  const hours = date.getHours()
  const minutes = String(date.getMinutes()).padStart(2, '0')
  const period = hours < 12 ? 'AM' : 'PM'
  return `${shortDate(date)}, ${hours % 12 || 12}:${minutes}${BEFORE_DAY_PERIOD}${period}`
}

/** '12,345'. Counts are whole numbers, so the en-US grouping is done here, as for dollars. */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return String(value)
  const digits = group(String(Math.abs(value)))
  return value < 0 ? `-${digits}` : digits
}

/** '820 KB', '2.4 MB' (megabytes with at most one decimal, as the spec's messages give them). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
}

/** A calendar date ('2026-01-31') is a day, not an instant: 'Jan 31, 2026' in any time zone. */
export function formatDay(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return formatDate(value)
  return formatDate(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
}
