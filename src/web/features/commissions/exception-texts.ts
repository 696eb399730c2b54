import type { ExceptionAction } from '#shared/contracts/commissions-statements-texts.ts'

/** The exceptions tab's words that the contract's texts do not hold. */
export const EXCEPTION_WORDS = {
  queueTitle: 'Exceptions',
  queueDescription:
    'Statement lines that did not match cleanly, and expected commissions no statement has paid. Each stays resolved once resolved.',
  listLabel: 'Commission exceptions',
  filters: 'Filter the exceptions',
  kindChips: 'Open exceptions by kind',
  allOpen: 'All kinds',
  status: 'Status',
  open: 'Open',
  resolved: 'Resolved',
  carrier: 'Carrier',
  allCarriers: 'All carriers',
  kind: 'Kind',
  policy: 'Policy',
  reason: 'Reason',
  paid: 'Paid',
  expected: 'Expected',
  date: 'Date',
  outcome: 'Resolution',
  actions: 'Actions',
  resolve: 'Resolve',
  noneOpen: 'No open exceptions: every statement line is matched and every expected commission paid in time.',
  noneResolved: 'No resolved exceptions yet.',
  noneFiltered: 'No exceptions match these filters.',
  limited: 'The oldest 500 are shown: resolve them to see the rest.',
  resolved_toast: 'Exception resolved',
  resolveFailed: 'The exception could not be resolved',
  note: 'Note (optional)',
  notePlaceholder: 'What you found, or what the carrier said',
  searchPolicies: 'Search the carrier’s policies',
  searchHint: 'By policy number or insured’s name',
  noCandidates: 'No policy of this carrier matches.',
  choosePolicy: 'Policy',
  chooseExpected: 'Expected commission it pays',
  policyOnly: 'None: match the policy only',
  nothingUnpaid: 'Every expected commission of this policy is paid.',
  settingsTitle: 'Reconciliation settings',
  settingsDescription:
    'A paid amount within the tolerance of the expected matches; an expected commission unpaid this many days after its date is “never paid”.',
  toleranceDollars: 'Tolerance ($)',
  tolerancePercent: 'Tolerance (%)',
  neverPaidDays: 'Never paid after (days)',
  saveSettings: 'Save settings',
  settingsSaved: 'Reconciliation settings saved',
  settingsFailed: 'The settings could not be saved',
} as const

/** What each action does, said in the dialog before it is done. */
export const ACTION_DESCRIPTIONS: Record<ExceptionAction, string> = {
  match:
    'Link the line to a policy of the statement’s carrier and, if you like, to one of its expected commissions not paid yet.',
  accept: 'Take the amount paid as right for the policy: nothing more is expected for this line.',
  write_off: 'Expect nothing more: the exception closes and never comes back.',
  dispute: 'Record that this is raised with the carrier. The exception closes and never comes back.',
}
