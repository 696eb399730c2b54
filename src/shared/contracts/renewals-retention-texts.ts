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
} as const

export const RETENTION_TABLE_LABELS: Record<RetentionTable, string> = {
  month: 'By month',
  producer: 'By producer',
  carrier: 'By carrier',
  line: 'By line',
  lost: 'Lost reasons',
  change: 'Premium change at renewal',
}
