import type { Db } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { csvLine } from '#server/platform/csv.ts'
import type { ApplicationFilter } from './applications.repository.ts'
import { listApplications } from './applications.service.ts'

const PAGE = 1000
const MAX_ROWS = 100_000

/** The filtered list as CSV lines, read a page at a time so a large agency never loads whole. */
export async function* exportApplicationsCsv(
  db: Db,
  ctx: Ctx,
  filter: ApplicationFilter,
): AsyncGenerator<string> {
  await recordAudit(db, ctx, { action: 'application.exported', details: { filter: { ...filter } } })
  yield `\uFEFF${csvLine(['Created', 'Client', 'Email', 'Insurance Type', 'Status', 'Carrier', 'Carriers', 'Application ID'])}`
  let cursor: string | undefined
  let written = 0
  do {
    const page = await listApplications(db, ctx, { ...filter, limit: PAGE, cursor })
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
    cursor = page.nextCursor ?? undefined
  } while (cursor && written < MAX_ROWS)
}
