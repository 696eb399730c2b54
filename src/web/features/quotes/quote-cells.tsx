import type { ComparedQuote, QuoteStatus } from '#shared/contracts/quotes.contract.ts'
import { Badge, type BadgeTone } from '#web/components/badge.tsx'
import { formatCents, formatDate, formatDollars } from '#web/lib/format.ts'

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  offered: 'Offered',
  expired: 'Expired',
  declined: 'Declined',
  bound: 'Bound',
  not_taken: 'Not taken',
}

const TONES: Record<QuoteStatus, BadgeTone> = {
  offered: 'blue',
  expired: 'neutral',
  declined: 'red',
  bound: 'green',
  not_taken: 'neutral',
}

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <Badge tone={TONES[status]}>{QUOTE_STATUS_LABELS[status]}</Badge>
}

export const NONE = '—'

/** A calendar date (YYYY-MM-DD) read as the local day it names, never shifted by a time zone. */
export function formatDay(date: string | null): string {
  return date ? formatDate(`${date}T00:00:00`) : NONE
}

export function formatTermPremium(quote: ComparedQuote): string {
  if (quote.premium === null || quote.termMonths === null) return NONE
  return `${formatCents(quote.premium)} for ${quote.termMonths} months`
}

/** '+$120.00 over' or '$80.00 under' the recommendation's estimate. */
export function formatDifference(difference: number | null): string {
  if (difference === null) return NONE
  if (difference === 0) return 'At the estimate'
  return difference > 0 ? `${formatCents(difference)} over` : `${formatCents(-difference)} under`
}

export function formatEstimate(estimate: number | null): string {
  return estimate === null ? NONE : `${formatDollars(estimate)} a year`
}

export function formatTurnaround(days: number | null): string {
  if (days === null) return 'Not measured yet'
  return `${days} ${days === 1 ? 'day' : 'days'}`
}

export function formatExpiry(quote: ComparedQuote): string {
  if (!quote.expiresAt) return NONE
  return quote.status === 'expired' ? `Expired ${formatDay(quote.expiresAt)}` : formatDay(quote.expiresAt)
}
