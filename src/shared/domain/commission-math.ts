/**
 * Commission arithmetic, one rule each (ARCHITECTURE: the book of business). Money is integer
 * cents; rates and producer shares are basis points (1250 bp = 12.5%); percent with at most two
 * decimals is what the wire carries. A commission is rounded once, half-up to the cent; producers'
 * shares of an amount are allocated so they always add up to it.
 */

/** 100% in basis points: what a producer split adds up to, and the highest rate. */
export const FULL_SHARE_BP = 10_000

/** Which of the schedule's two rates a transaction earns: its term's first or a later one. */
export const RATE_KINDS = ['new_business', 'renewal'] as const
export type RateKind = (typeof RATE_KINDS)[number]

/**
 * Where a transaction's rate came from, in the order they are tried: the policy's own override,
 * the carrier's rate for the line, the carrier's rate for all lines, the agency's default for the
 * line, the agency's default for all lines.
 */
export const RATE_SOURCES = ['policy', 'carrier_line', 'carrier', 'agency_line', 'agency'] as const
export type RateSource = (typeof RATE_SOURCES)[number]

export const PRODUCER_ROLES = ['writing', 'servicing'] as const
export type ProducerRole = (typeof PRODUCER_ROLES)[number]

/** The first term earns the new-business rate; every later term (a renewal) the renewal rate. */
export function rateKindOf(termNumber: number): RateKind {
  return termNumber <= 1 ? 'new_business' : 'renewal'
}

/** Basis points from a wire percent (12.5 → 1250); exact for any percent with two decimals. */
export function percentToBp(percent: number): number {
  return Math.round(percent * 100)
}

export function bpToPercent(bp: number): number {
  return bp / 100
}

/** Whether a wire percent has at most two decimals (12.25 yes, 12.255 no), within float noise. */
export function isWholeBasisPoints(percent: number): boolean {
  return Math.abs(percent * 100 - Math.round(percent * 100)) < 1e-6
}

/**
 * The commission on a premium (signed cents) at a rate: rounded once, half-up to the cent, and
 * symmetric about zero, so a full return premium charges back exactly the commission it earned
 * (-$123.445 is -$123.45, as $123.445 is $123.45).
 */
export function commissionCents(premiumCents: number, rateBp: number): number {
  const magnitude = Math.floor((Math.abs(premiumCents) * rateBp * 2 + FULL_SHARE_BP) / (2 * FULL_SHARE_BP))
  return premiumCents < 0 && magnitude > 0 ? -magnitude : magnitude
}

/**
 * Each producer's part of an amount (signed cents) by their shares (basis points adding up to
 * FULL_SHARE_BP), largest remainder: each gets the whole cents of their share, and the cents left
 * over go one each to the largest fractions, ties to the earlier producer. The parts always add up
 * to the amount, and a negative amount (a chargeback) is split as its positive would be.
 */
export function allocateCents(amountCents: number, sharesBp: readonly number[]): number[] {
  const total = sharesBp.reduce((sum, share) => sum + share, 0)
  if (total !== FULL_SHARE_BP) throw new RangeError(`Shares add up to ${total} bp, not ${FULL_SHARE_BP}`)
  const magnitude = Math.abs(amountCents)
  const parts = sharesBp.map((share) => Math.floor((magnitude * share) / FULL_SHARE_BP))
  const fractions = sharesBp.map((share, index) => ({
    index,
    remainder: (magnitude * share) % FULL_SHARE_BP,
  }))
  fractions.sort((a, b) => b.remainder - a.remainder || a.index - b.index)
  let left = magnitude - parts.reduce((sum, part) => sum + part, 0)
  for (const { index } of fractions) {
    if (left === 0) break
    parts[index]! += 1
    left -= 1
  }
  return amountCents < 0 ? parts.map((part) => (part === 0 ? 0 : -part)) : parts
}
