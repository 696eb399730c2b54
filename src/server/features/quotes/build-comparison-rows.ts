import {
  type ComparedQuote,
  coverageKey,
  type QuoteComparison,
  type QuoteStatus,
} from '#shared/contracts/quotes.contract.ts'

/** One line of the printed comparison: its label and what each quote says of it. */
export interface ComparisonRow {
  label: string
  cell: (quote: ComparedQuote) => string
  /** Drawn bold: the figure the client compares first. */
  strong?: boolean
}

export const NONE = '—'

export const STATUS_WORDS: Record<QuoteStatus, string> = {
  offered: 'Offered',
  expired: 'Expired',
  declined: 'Declined',
  bound: 'Bound',
  not_taken: 'Not taken',
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const longDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

export const formatMoney = (amount: number) => dollars.format(amount)

/** A calendar date (YYYY-MM-DD) as a reader writes it, "Mar 1, 2026", whatever the server's zone. */
export function formatLongDay(day: string | null): string {
  return day ? longDay.format(new Date(`${day}T00:00:00Z`)) : NONE
}

/** '$120.00 over' or '$80.00 under' the recommendation's estimate. */
export function formatDifference(difference: number | null): string {
  if (difference === null) return NONE
  if (difference === 0) return 'At the estimate'
  return difference > 0 ? `${formatMoney(difference)} over` : `${formatMoney(-difference)} under`
}

function coverageValue(quote: ComparedQuote, label: string): string {
  return quote.coverages.find((coverage) => coverageKey(coverage.label) === coverageKey(label))?.value ?? NONE
}

/**
 * The rows the client reads, in the order the screen shows them (without the agent's own: the
 * carrier's turnaround and the bind action): the premiums, the dates, the status, the difference
 * from the estimate, then each coverage by label, and a decline's reason when there is one.
 */
export function buildComparisonRows({ quotes, coverageLabels }: QuoteComparison): ComparisonRow[] {
  const rows: ComparisonRow[] = [
    {
      label: 'Annual premium',
      strong: true,
      cell: (q) => (q.annualPremium === null ? NONE : formatMoney(q.annualPremium)),
    },
    {
      label: 'Premium for the term',
      cell: (q) =>
        q.premium === null || q.termMonths === null
          ? NONE
          : `${formatMoney(q.premium)} for ${q.termMonths} months`,
    },
    { label: 'Term', cell: (q) => (q.termMonths === null ? NONE : `${q.termMonths} months`) },
    { label: 'Effective date', cell: (q) => formatLongDay(q.effectiveDate) },
    { label: 'Quote expires', cell: (q) => formatLongDay(q.expiresAt) },
    { label: 'Status', cell: (q) => STATUS_WORDS[q.status] },
    { label: 'Quote number', cell: (q) => q.quoteNumber ?? NONE },
    {
      label: 'Estimated premium',
      cell: (q) => (q.estimatedPremium === null ? NONE : `${formatMoney(q.estimatedPremium)} a year`),
    },
    { label: 'Difference from estimate', cell: (q) => formatDifference(q.differenceFromEstimate) },
    ...coverageLabels.map((label) => ({ label, cell: (q: ComparedQuote) => coverageValue(q, label) })),
  ]
  if (quotes.some((q) => q.declineReason !== null))
    rows.push({ label: 'Decline reason', cell: (q) => q.declineReason ?? NONE })
  return rows
}
