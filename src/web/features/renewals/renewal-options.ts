import type { CallResponse } from '#shared/contracts/call.ts'
import type { ComparedQuote } from '#shared/contracts/quotes.contract.ts'
import type { Renewal } from '#shared/contracts/renewals.contract.ts'
import type { compareRenewalQuotesCall } from '#shared/contracts/renewals-outcomes.contract.ts'
import { fill, RENEWAL_WORDS as W } from './renewal-texts.ts'

export type RenewalQuotes = CallResponse<typeof compareRenewalQuotesCall>

/** One line of the renewal's comparison: the carrier's renewal offer, or a remarketed quote. */
export interface RenewalOption {
  key: string
  label: string
  carrierName: string
  /** Dollars a year, so 6- and 12-month terms compare; null for a decline. */
  annualPremium: number | null
  premium: number | null
  termMonths: number | null
  changePercent: number | null
  effectiveDate: string | null
  /** Absent for the renewal offer. */
  quote?: ComparedQuote
}

/** The offer and the quotes as one list, cheapest a year first; declines (no premium) last. */
export function optionsOf(comparison: RenewalQuotes, carrierName: string): RenewalOption[] {
  const options: RenewalOption[] = comparison.quotes.map((quote) => ({
    key: quote.id,
    label: fill(W.quoteFrom, { carrier: quote.carrierName }),
    carrierName: quote.carrierName,
    annualPremium: quote.annualPremium,
    premium: quote.premium,
    termMonths: quote.termMonths,
    changePercent: quote.changePercent,
    effectiveDate: quote.effectiveDate,
    quote,
  }))
  const { offer } = comparison
  if (offer)
    options.push({
      key: 'offer',
      label: fill(W.renewalOffer, { carrier: carrierName }),
      carrierName,
      annualPremium: offer.annualPremium,
      premium: offer.premium,
      termMonths: offer.termMonths,
      changePercent: offer.changePercent,
      effectiveDate: offer.effectiveDate,
    })
  const price = (option: RenewalOption) => option.annualPremium ?? Number.POSITIVE_INFINITY
  return options.sort((a, b) => price(a) - price(b))
}

/** What renewing answered: the policy carrying the next term, and whether it is a new one. */
export interface RenewOutcome {
  policyId: string
  newPolicy: boolean
}

/** Only the offer and an offered quote can be renewed with. */
export function canRenewWith(option: RenewalOption): boolean {
  return !option.quote || option.quote.status === 'offered'
}

/**
 * A quote of another carrier that is not on the API binds a new policy whose number only the
 * agent can give; an API carrier answers its own, and the same carrier keeps the policy.
 */
export function needsPolicyNumber(option: RenewalOption, renewal: Pick<Renewal, 'carrierId'>): boolean {
  const { quote } = option
  return quote !== undefined && quote.carrierId !== renewal.carrierId && quote.submissionMethod !== 'api'
}

/** Whether renewing with this option moves the policy to another carrier. */
export function isNewCarrier(option: RenewalOption, renewal: Pick<Renewal, 'carrierId'>): boolean {
  return option.quote !== undefined && option.quote.carrierId !== renewal.carrierId
}
