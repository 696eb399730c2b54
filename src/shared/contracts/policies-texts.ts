/** The policies feature's texts: field messages and the page's words (the spec has none for them). */
export const POLICY_TEXTS = {
  title: 'Policies',
  policyNumberRequired: 'Enter the policy number',
  policyNumberTaken: 'This carrier already has a policy with this number in your book',
  dateInvalid: 'Use a date like 2026-01-31',
  expirationBeforeEffective: 'The expiration date must be after the effective date',
  termTooLong: 'A term is at most 3 years',
  premiumInvalid: 'Enter an amount in dollars and cents, 0 or more',
  premiumChangeInvalid: 'Enter the change in dollars and cents, plus or minus',
  premiumBelowZero: 'This change would take the term’s premium below $0',
  descriptionRequired: 'Describe what changed',
  outsideTerm: 'The date must fall inside the current term ({from} to {to})',
  penaltyInvalid: 'A penalty from 0% to 100%',
  notActive: 'Only an active policy can be changed; this one is {status}',
  termAlreadyRenewed: 'This term was already renewed',
  notCancelled: 'Only a cancelled policy (or one pending cancellation) can be reinstated',
  windowPassed: 'The reinstatement window of {days} days after the cancellation has passed',
  unknownClient: 'Choose a client of your agency',
  unknownCarrier: 'Choose a carrier your agency can use',
  unknownProducer: 'Choose a user of your agency',
} as const

export const POLICIES_EXPORT_PATH = '/api/policies/export'
