const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
})
const dollarsAndCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })
const dateAndTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})
const count = new Intl.NumberFormat('en-US')

/** Amounts on statistics screens: US dollars, no decimals (spec part 1 §9). */
export function formatDollars(amount: number): string {
  return wholeDollars.format(amount)
}

/** Prices keep their cents ('$29.99'), and whole prices stay short ('$0'). */
export function formatPrice(amount: number | string): string {
  const value = typeof amount === 'string' ? Number(amount) : amount
  return Number.isInteger(value) ? wholeDollars.format(value) : dollarsAndCents.format(value)
}

/** en-US, short month, day, year: 'Jan 5, 2025'. */
export function formatDate(value: Date | string): string {
  return shortDate.format(typeof value === 'string' ? new Date(value) : value)
}

/** For events a few minutes apart: 'Jan 5, 2025, 12:00 PM'. */
export function formatDateTime(value: Date | string): string {
  return dateAndTime.format(typeof value === 'string' ? new Date(value) : value)
}

export function formatCount(value: number): string {
  return count.format(value)
}
