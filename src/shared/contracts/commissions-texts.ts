import type { ProducerRole, RateSource } from '../domain/commission-math.ts'

/** The commissions feature's texts: field messages and the screens' words. */
export const COMMISSION_TEXTS = {
  title: 'Commissions',
  schedulesTab: 'Schedules',
  rateInvalid: 'Enter a percent from 0 to 100 with at most two decimals',
  dateInvalid: 'Use a date like 2026-01-31',
  unknownCarrier: 'Choose a carrier your agency can use',
  lineInvalid: 'Choose a line of business, or all lines',
  nothingToEnd: 'This rate is not in force on that date, so there is nothing to end',
  overrideEmpty: 'Give a new-business rate, a renewal rate, or both; or clear the override',
  splitTotal: 'The producers’ shares must add up to 100% (they add up to {total}%)',
  splitEmpty: 'Add at least one producer',
  splitTooMany: 'A policy is split among at most 10 producers',
  splitDuplicate: 'Each producer appears once',
  splitNeedsWriting: 'One producer at least is the writing producer',
  shareInvalid: 'Enter a share above 0% and up to 100%, with at most two decimals',
  unknownProducer: 'Choose a user of your agency',
  adminsOnly: 'Only an agency admin can change commission rates and splits.',
  rateSaved: 'Commission rate saved',
  rateEnded: 'Commission rate ended',
  overrideSaved: 'The policy’s commission rate is saved',
  splitSaved: 'Producer split saved',
  saveFailed: 'It was not saved',
  noRate: 'No rate applies',
  pending: 'Being recorded',
  noSplit: 'No producer: the commission is not split',
  allCarriers: 'Agency default',
  allLines: 'All lines',
} as const

/** How a rate's source reads beside it. */
export const RATE_SOURCE_LABELS: Record<RateSource, string> = {
  policy: 'Policy override',
  carrier_line: 'Carrier, this line',
  carrier: 'Carrier, all lines',
  agency_line: 'Agency default, this line',
  agency: 'Agency default',
}

export const PRODUCER_ROLE_LABELS: Record<ProducerRole, string> = {
  writing: 'Writing',
  servicing: 'Servicing',
}
