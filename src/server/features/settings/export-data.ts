import { Readable } from 'node:stream'
import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import type { MaskKind } from './export-columns.ts'
import {
  EXPORT_PAGE_SIZE,
  type ExportSection,
  exportSections,
  readAgency,
  readAgencyUsersPage,
  readExportPage,
} from './export-data.repository.ts'
import { exportRow } from './export-row.ts'
import * as repository from './settings.repository.ts'

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

function sectionPage(db: Db, section: ExportSection): Page {
  return (last) => readExportPage(db, section, last)
}

async function* exportDocument(db: Db, ctx: Ctx, head: Record<string, unknown>) {
  const { agencyId, userId, role } = ctx.actor
  const opening = JSON.stringify(head, null, 2)
  // The head object is written open, so the long lists can follow it as more keys.
  yield opening.slice(0, -2)
  yield ',\n  "users": '
  yield* jsonArray((last) => readAgencyUsersPage(db, agencyId, last ? String(last.id) : null))
  for (const section of exportSections(agencyId, userId, role)) {
    yield `,\n  ${JSON.stringify(section.name)}: `
    yield* jsonArray(sectionPage(db, section), section.select.masked)
  }
  yield '\n}\n'
}

export interface ExportLog {
  error: (details: Record<string, unknown>, message: string) => void
}

/**
 * A query failing part-way must not end the download as a well-formed-looking 200: the error is
 * logged and rethrown, which destroys the stream, so the connection is cut and the browser's
 * download fails ('Failed to export data') instead of saving a truncated file.
 */
async function* failLoudly(source: AsyncGenerator<string>, log: ExportLog, ctx: Ctx) {
  try {
    yield* source
  } catch (error) {
    log.error(
      { err: error, agencyId: ctx.actor.agencyId, userId: ctx.actor.userId },
      'data export failed part-way; the download is aborted',
    )
    throw error
  }
}

/**
 * Settings › Privacy & Data › Export Data: everything of the user and their agency as one JSON
 * document, streamed (decision 013). The read is audited before the first byte is sent; nothing
 * of another agency can appear, since every query names the caller's agency.
 */
export async function exportData(db: Db, ctx: Ctx, log: ExportLog, now = new Date()): Promise<Readable> {
  const { agencyId, userId } = ctx.actor
  const head = await db.transaction(async (tx) => {
    const profile = await repository.findProfile(tx, agencyId, userId)
    const preferences = await repository.findPreferences(tx, agencyId, userId)
    const agency = await readAgency(tx, agencyId)
    if (!profile || !preferences || !agency) {
      throw new AppError('UNAUTHORIZED', { message: GENERIC_MESSAGES.unauthorized })
    }
    await recordAudit(tx, ctx, {
      agencyId,
      actorUserId: userId,
      action: 'settings.data_exported',
      entityType: 'agency',
      entityId: agencyId,
      details: { sensitiveNumbers: 'masked' },
    })
    return {
      exportedAt: now.toISOString(),
      formatVersion: 1,
      note: "SSNs, driver licence, agents' licence, bank, mortgage account and tax id numbers are masked to their last four digits.",
      user: { id: userId, ...profile, notificationPreferences: preferences },
      agency,
    }
  })
  return Readable.from(failLoudly(exportDocument(db, ctx, head), log, ctx), { objectMode: false })
}
