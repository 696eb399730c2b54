import type { Db } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { csvLine } from '#server/platform/csv.ts'
import type { Renewal, RenewalFilters } from '#shared/contracts/renewals.contract.ts'
import { listRenewals } from './list-renewals.ts'

const PAGE = 1000
const MAX_ROWS = 200_000
const HEADER = [
  'Insured',
  'Policy Number',
  'Carrier',
  'Line of Business',
  'Stage',
  'Assignee',
  'Expiration Date',
  'Expiring Premium',
  'Offer Premium',
  'Offer Term Months',
  'Change Amount',
  'Change Percent',
  'At Risk',
  'Next Milestone',
  'Due Date',
  'Overdue',
  'Lost Reason',
  'Renewal ID',
  'Policy ID',
]

type Page = Awaited<ReturnType<typeof listRenewals>>

const money = (amount: number | null | undefined) =>
  amount === null || amount === undefined ? '' : amount.toFixed(2)
const yesNo = (value: boolean) => (value ? 'yes' : 'no')

function rowOf(renewal: Renewal): unknown[] {
  return [
    renewal.insuredName,
    renewal.policyNumber,
    renewal.carrierName,
    renewal.lineOfBusiness,
    renewal.stage,
    renewal.assigneeName ?? '',
    renewal.expirationDate,
    money(renewal.expiringPremium),
    money(renewal.offer?.premium),
    renewal.offer?.termMonths ?? '',
    money(renewal.changeAmount),
    renewal.changePercent ?? '',
    yesNo(renewal.atRisk),
    renewal.nextMilestone ?? '',
    renewal.dueDate ?? '',
    yesNo(renewal.overdue),
    renewal.lostReason ?? '',
    renewal.id,
    renewal.policyId,
  ]
}

/**
 * The filtered renewals list as CSV, in the list's order (at risk first), a page at a time. The
 * first page is read before the answer starts, so a refused query is an error answer, not a
 * download cut short.
 */
export async function exportRenewalsCsv(
  db: Db,
  ctx: Ctx,
  filters: RenewalFilters,
  today: string,
): Promise<AsyncGenerator<string>> {
  const first = await listRenewals(db, ctx, { ...filters, limit: PAGE }, today)
  await recordAudit(db, ctx, { action: 'renewal.exported', details: { filter: { ...filters } } })
  return csvLines(db, ctx, filters, today, first)
}

async function* csvLines(
  db: Db,
  ctx: Ctx,
  filters: RenewalFilters,
  today: string,
  first: Page,
): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(HEADER)}`
  let page = first
  let written = 0
  for (;;) {
    for (const renewal of page.renewals) yield csvLine(rowOf(renewal))
    written += page.renewals.length
    if (!page.nextCursor || written >= MAX_ROWS) return
    page = await listRenewals(db, ctx, { ...filters, limit: PAGE, cursor: page.nextCursor }, today)
  }
}
