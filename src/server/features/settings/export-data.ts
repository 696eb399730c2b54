import { Readable } from 'node:stream'
import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import * as profiles from '../auth/profile.service.ts'
import { exportListsJson, readExportAgency } from '../reporting/export-data.service.ts'
import * as repository from './settings.repository.ts'

async function* exportDocument(db: Db, ctx: Ctx, head: Record<string, unknown>) {
  const opening = JSON.stringify(head, null, 2)
  // The head object is written open, so the long lists can follow it as more keys.
  yield opening.slice(0, -2)
  yield* exportListsJson(db, ctx.actor)
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
    const profile = await profiles.findProfile(tx, agencyId, userId)
    const preferences = await profiles.findPreferences(tx, agencyId, userId)
    const agency = await readExportAgency(tx, agencyId)
    const branding = await repository.findExportBranding(tx, agencyId)
    if (!profile || !preferences || !agency) {
      throw new AppError('UNAUTHORIZED', { message: GENERIC_MESSAGES.unauthorized })
    }
    await recordAudit(tx, ctx, {
      action: 'settings.data_exported',
      entity: { type: 'agency', id: agencyId },
      details: { sensitiveNumbers: 'masked' },
    })
    return {
      exportedAt: now.toISOString(),
      formatVersion: 1,
      note: "SSNs, driver licence, agents' licence, bank, mortgage account and tax id numbers are masked to their last four digits.",
      user: { id: userId, ...profile, notificationPreferences: preferences },
      agency: { ...agency, branding: branding ?? null },
    }
  })
  return Readable.from(failLoudly(exportDocument(db, ctx, head), log, ctx), { objectMode: false })
}
