import type { Executor } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { csvLine } from '#server/platform/csv.ts'
import {
  type Retention,
  type RetentionExportQuery,
  type RetentionRow,
  type RetentionTable,
  RETENTION_TEXTS as T,
} from '#shared/contracts/renewals-retention.contract.ts'
import { LOST_REASON_LABELS } from '#shared/contracts/renewals-texts.ts'
import { PREMIUM_CHANGE_BANDS } from '#shared/domain/renewal-retention.ts'
import { getRetention } from './retention.service.ts'

const RATE_HEADER = [
  'Closed',
  'Renewed',
  'Retention by Count (%)',
  'Expiring Premium',
  'Retained Premium',
  'Retention by Premium (%)',
]
const GROUP_HEADERS = { month: 'Month', producer: 'Producer', carrier: 'Carrier', line: 'Line of Business' }

const money = (dollars: number) => dollars.toFixed(2)
const rateCells = (row: RetentionRow) => [
  row.closed,
  row.renewed,
  row.countRate ?? '',
  money(row.expiringPremium),
  money(row.retainedPremium),
  row.premiumRate ?? '',
]

/** One of the page's tables as rows of cells, its header first (a group table ends with its total). */
function tableOf(figures: Retention, table: RetentionTable): unknown[][] {
  switch (table) {
    case 'lost':
      return [
        ['Reason', 'Lost', 'Expiring Premium'],
        ...figures.lostReasons.map((row) => [LOST_REASON_LABELS[row.reason], row.count, money(row.premium)]),
      ]
    case 'change': {
      const { byCarrier, ...all } = figures.premiumChange
      const bands = (row: typeof all) => row.bands.map((band) => band.count)
      return [
        ['Carrier', 'Renewed', 'Median Change (%)', ...PREMIUM_CHANGE_BANDS.map((band) => band.label)],
        ...byCarrier.map((row) => [row.carrierName, row.count, row.median ?? '', ...bands(row)]),
        [T.allCarriers, all.count, all.median ?? '', ...bands(all)],
      ]
    }
    default: {
      const rows = {
        month: figures.byMonth,
        producer: figures.byProducer,
        carrier: figures.byCarrier,
        line: figures.byLine,
      }[table]
      return [
        [GROUP_HEADERS[table], ...RATE_HEADER],
        ...rows.map((row) => [row.label, ...rateCells(row)]),
        [T.total, ...rateCells(figures.total)],
      ]
    }
  }
}

/**
 * One table of the retention figures as CSV text (a BOM first, for spreadsheets), and its file
 * name. A download is audited like every other export.
 */
export async function exportRetentionCsv(executor: Executor, ctx: Ctx, query: RetentionExportQuery) {
  const { table, ...range } = query
  const figures = await getRetention(executor, ctx, range)
  await recordAudit(executor, ctx, {
    action: 'renewal.retention_exported',
    details: { table, from: figures.from, to: figures.to },
  })
  return {
    fileName: `renewal-retention-${table}-${figures.from}-to-${figures.to}.csv`,
    text: `\uFEFF${tableOf(figures, table).map(csvLine).join('')}`,
  }
}
