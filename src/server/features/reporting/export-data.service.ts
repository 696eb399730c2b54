import type { Executor } from '#server/db/connect.ts'
import type { Role } from '#shared/domain/roles.ts'
import { exportSections, readAgency, readAgencyUsersPage } from './export-data.repository.ts'
import { EXPORT_PAGE_SIZE, type MaskKind, readExportPage } from './export-section.repository.ts'
import { exportRow } from './mask-export-row.ts'

type Row = Record<string, unknown>
/** The next page after the last row read (null: the first page). */
type Page = (last: Row | null) => Promise<Row[]>

/** A JSON array written page by page: one page of rows in memory at a time. */
async function* jsonArray(page: Page, masked: Record<string, MaskKind> = {}) {
  yield '['
  let last: Row | null = null
  let first = true
  for (;;) {
    const rows = await page(last)
    for (const row of rows) {
      yield `${first ? '' : ','}\n${JSON.stringify(exportRow(row, masked))}`
      first = false
    }
    if (rows.length === 0) break
    last = rows.at(-1)!
    // A short page is the last one: no need to ask again.
    if (rows.length < EXPORT_PAGE_SIZE) break
  }
  yield '\n]'
}

/** The agency's own row for the export's head. */
export function readExportAgency(executor: Executor, agencyId: string) {
  return readAgency(executor, agencyId)
}

/**
 * The export's long lists as JSON text to follow its head object as more keys: the agency's users,
 * then each section (decision 013), masked and paged, so one page of rows is in memory at a time.
 */
export async function* exportListsJson(
  db: Executor,
  { agencyId, userId, role }: { agencyId: string; userId: string; role: Role },
): AsyncGenerator<string> {
  yield ',\n  "users": '
  yield* jsonArray((last) => readAgencyUsersPage(db, agencyId, last ? String(last.id) : null))
  for (const section of exportSections(agencyId, userId, role)) {
    yield `,\n  ${JSON.stringify(section.name)}: `
    yield* jsonArray((last) => readExportPage(db, section, last), section.select.masked)
  }
}
