/** The retention figures' texts and the CSV's address, apart from the schemas so the page loads no zod. */

export const RETENTION_EXPORT_PATH = '/api/renewals/retention.csv'

/** The tables the page shows, each downloadable as CSV. */
export const RETENTION_TABLES = ['month', 'producer', 'carrier', 'line', 'lost', 'change'] as const
export type RetentionTable = (typeof RETENTION_TABLES)[number]

export const RETENTION_TEXTS = {
  title: 'Renewal retention',
  subtitle: 'Renewals closed by their expiration month: kept, lost and how the premium changed',
  rangeReversed: 'The first month cannot come after the last',
  rangeTooLong: 'Choose a range of at most {months} months',
  tableInvalid: 'Choose month, producer, carrier, line, lost or change',
  total: 'Total',
  allCarriers: 'All carriers',
  noProducer: 'No producer',
  formerUser: 'Former user',
  unknownCarrier: 'Unknown carrier',
  from: 'From',
  to: 'To',
  rangeHint: 'Expiration months, both included',
  downloadCsv: 'Download CSV',
  countRate: 'Retention by count',
  premiumRate: 'Retention by premium',
  medianChange: 'Median premium change',
  lost: 'Lost',
  nothingClosed: 'No renewal closed in this range.',
  noneLost: 'No renewal was lost in this range.',
  noChanges: 'No renewal in this range has a renewed premium to compare.',
  bandsNote: 'Each band includes its lower bound: +10% counts in 10% to 20%.',
} as const

export const RETENTION_TABLE_LABELS: Record<RetentionTable, string> = {
  month: 'By month',
  producer: 'By producer',
  carrier: 'By carrier',
  line: 'By line',
  lost: 'Lost reasons',
  change: 'Premium change at renewal',
}
