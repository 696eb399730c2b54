/**
 * Each formatter is made on first use: making one loads the browser's locale data, which costs
 * tens of milliseconds on a phone, and a first screen uses one or two of them, not all five.
 */
function once<T>(make: () => T): () => T {
  let made: T | undefined
  return () => {
    made ??= make()
    return made
  }
}

const wholeDollars = once(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }),
)
const dollarsAndCents = once(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }))
const shortDate = once(
  () => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
)
const dateAndTime = once(
  () =>
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
)

/** Amounts on statistics screens: US dollars, no decimals (spec part 1 §9). */
export function formatDollars(amount: number): string {
  return wholeDollars().format(amount)
}

/** Prices keep their cents ('$29.99'), and whole prices stay short ('$0'). */
export function formatPrice(amount: number | string): string {
  const value = typeof amount === 'string' ? Number(amount) : amount
  return Number.isInteger(value) ? wholeDollars().format(value) : dollarsAndCents().format(value)
}

/** en-US, short month, day, year: 'Jan 5, 2025'. */
export function formatDate(value: Date | string): string {
  return shortDate().format(typeof value === 'string' ? new Date(value) : value)
}

/** For events a few minutes apart: 'Jan 5, 2025, 12:00 PM'. */
export function formatDateTime(value: Date | string): string {
  return dateAndTime().format(typeof value === 'string' ? new Date(value) : value)
}

/**
 * '12,345'. Counts are whole numbers, so the en-US grouping is done here: the dashboard shows
 * counts first, and making an Intl formatter for them cost ~30 ms of a phone's first screen.
 */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return String(value)
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return value < 0 ? `-${digits}` : digits
}
