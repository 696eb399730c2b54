import type { LostReason, Milestone, RenewalStage } from '../domain/renewal-pipeline.ts'

/** The renewals feature's texts (issue #31; the spec has none for them). */
export const RENEWAL_TEXTS = {
  title: 'Renewals',
  dateInvalid: 'Use a date like 2026-01-31',
  lostReasonRequired: 'Say why the renewal was lost',
  lostReasonOnlyWhenLost: 'A reason is recorded only when the renewal is lost',
  renewThroughRenew: 'Renew it with the carrier’s offer or a quote, from the renewal',
  closed: 'This renewal is already {stage}; it cannot change',
  unknownAssignee: 'Choose a user of your agency',
  premiumInvalid: 'Enter an amount in dollars and cents, 0 or more',
  termInvalid: 'A term of 6 or 12 months',
  changesTooLong: 'At most 2,000 characters',
  nothingToChange: 'Change the stage or the assignee',
  monthInvalid: 'Use a month like 2026-01',
} as const

/** The renewals list as CSV, with the list's filters (a download, not a contract call). */
export const RENEWALS_EXPORT_PATH = '/api/renewals/export.csv'

/** Remarketing and renewing. */
export const RENEWAL_OUTCOME_TEXTS = {
  unknownCarrier: 'Choose carriers your agency works with',
  unknownQuote: 'Choose a quote from this renewal’s comparison',
  policyNumberRequired: 'Enter the policy number the carrier gave',
  noOffer: 'There is no renewal offer to accept: record the carrier’s offer or choose a quote',
  alreadyRemarketed: 'This renewal was already remarketed',
  noCarriers: 'No carrier fits this application; choose carriers to send to',
  remarketNote: 'Made from policy {policyNumber} to remarket its renewal',
} as const

export const RENEWAL_STAGE_LABELS: Record<RenewalStage, string> = {
  upcoming: 'Upcoming',
  in_review: 'In review',
  remarketing: 'Remarketing',
  quoted: 'Quoted',
  renewed: 'Renewed',
  lost: 'Lost',
  non_renewed: 'Non-renewed',
}

export const LOST_REASON_LABELS: Record<LostReason, string> = {
  price: 'Price',
  coverage: 'Coverage',
  service: 'Service',
  carrier_non_renewed: 'Carrier non-renewed',
  client_left: 'Client left',
  other: 'Other',
}

export const MILESTONE_LABELS: Record<Milestone, string> = {
  review: 'Review',
  remarket_decision: 'Remarket decision',
  quotes_compared: 'Quotes compared',
  client_contacted: 'Client contacted',
}
