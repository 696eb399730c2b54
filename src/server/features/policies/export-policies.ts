import type { Db } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { csvLine } from '#server/platform/csv.ts'
import type { PolicyFilters } from '#shared/contracts/policies.contract.ts'
import { listPolicies } from './list-policies.ts'

const PAGE = 1000
const MAX_ROWS = 200_000
const HEADER = [
  'Policy Number',
  'Insured',
  'Carrier',
  'Line of Business',
  'Status',
  'Effective Date',
  'Expiration Date',
  'Annual Premium',
  'Producer',
  'Policy ID',
]

type Page = Awaited<ReturnType<typeof listPolicies>>

/**
 * The filtered list as CSV, a page at a time. The first page is read before the answer starts, so
 * a refused query is an error answer, not a download cut short.
 */
export async function exportPoliciesCsv(
  db: Db,
  ctx: Ctx,
  filters: PolicyFilters,
): Promise<AsyncGenerator<string>> {
  const first = await listPolicies(db, ctx, { ...filters, limit: PAGE })
  await recordAudit(db, ctx, { action: 'policy.exported', details: { filter: { ...filters } } })
  return csvLines(db, ctx, filters, first)
}

async function* csvLines(db: Db, ctx: Ctx, filters: PolicyFilters, first: Page): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(HEADER)}`
  let page = first
  let written = 0
  for (;;) {
    for (const policy of page.policies) {
      yield csvLine([
        policy.policyNumber,
        policy.insuredName,
        policy.carrierName,
        policy.lineOfBusiness,
        policy.status,
        policy.effectiveDate,
        policy.expirationDate,
        policy.annualPremium.toFixed(2),
        policy.producerName ?? '',
        policy.id,
      ])
    }
    written += page.policies.length
    if (!page.nextCursor || written >= MAX_ROWS) return
    page = await listPolicies(db, ctx, { ...filters, limit: PAGE, cursor: page.nextCursor })
  }
}
