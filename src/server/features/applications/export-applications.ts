import type { Db } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { csvLine } from '#server/platform/csv.ts'
import type { ApplicationFilter } from './applications.repository.ts'
import { listApplications } from './applications.service.ts'

const PAGE = 1000
const MAX_ROWS = 100_000

/**
 * The filtered list as CSV lines, read a page at a time so a large agency never loads whole. The
 * first page is read before the answer starts, so a query the database refuses is answered as an
 * error, not as a download cut short.
 */
export async function exportApplicationsCsv(
  db: Db,
  ctx: Ctx,
  filter: ApplicationFilter,
): Promise<AsyncGenerator<string>> {
  const first = await listApplications(db, ctx, { ...filter, limit: PAGE })
  await recordAudit(db, ctx, { action: 'application.exported', details: { filter: { ...filter } } })
  return csvLines(db, ctx, filter, first)
}

async function* csvLines(
  db: Db,
  ctx: Ctx,
  filter: ApplicationFilter,
  first: Awaited<ReturnType<typeof listApplications>>,
): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(['Created', 'Client', 'Email', 'Insurance Type', 'Status', 'Carrier', 'Carriers', 'Application ID'])}`
  let page = first
  let written = 0
  for (;;) {
    for (const item of page.data) {
      yield csvLine([
        item.createdAt.slice(0, 10),
        `${item.client.firstName} ${item.client.lastName}`,
        item.client.email,
        item.insuranceType,
        item.status,
        item.carrier?.name ?? '',
        item.carrierCount,
        item.id,
      ])
    }
    written += page.data.length
    const cursor = page.nextCursor ?? undefined
    if (!cursor || written >= MAX_ROWS) return
    page = await listApplications(db, ctx, { ...filter, limit: PAGE, cursor })
  }
}
