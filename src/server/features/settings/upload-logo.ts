import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { type FileStorage, ObjectNotFoundError } from '#server/platform/storage/storage.ts'
import { takeUpload, uploadRefusal } from '#server/platform/uploads.ts'
import { type BrandingAnswer, LOGO_MAX_BYTES, SETTINGS_TEXTS } from '#shared/contracts/settings.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { findAgencyPlan } from '../agencies/agencies.service.ts'
import { assertMayBrand, BRANDING_PLAN, toBrandingAnswer } from './branding.service.ts'
import * as repository from './settings.repository.ts'

function logoKeyFor(agencyId: string): string {
  return `branding/${agencyId}/${randomUUID()}`
}

/** Refused before the body is read: the connection closes so the unread upload is not waited for. */
export async function assertMayUploadLogo(db: Db, ctx: Ctx): Promise<void> {
  try {
    await assertMayBrand(db, ctx)
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    throw new AppError(error.code, { message: error.message, headers: { connection: 'close' } })
  }
}

/**
 * The agency's logo: judged by content (PNG or JPEG magic bytes, never the name or the declared
 * type) and by size (2 MB) while it streams to storage under a key the server makes. The row
 * then points at it in one transaction with the audit event; the previous logo is removed after.
 */
export async function uploadLogo(
  db: Db,
  storage: FileStorage,
  ctx: Ctx,
  file: { stream: Readable },
): Promise<BrandingAnswer> {
  const { agencyId, userId } = ctx.actor
  const key = logoKeyFor(agencyId)
  const received = await takeUpload(file.stream, storage, key, {
    kinds: ['png', 'jpeg'],
    maxBytes: LOGO_MAX_BYTES,
  })
  if (!received.ok) {
    throw uploadRefusal(received, {
      type: () => SETTINGS_TEXTS.logoType,
      size: () => SETTINGS_TEXTS.logoTooLarge,
      field: 'logo',
    })
  }
  try {
    const { answer, previousKey } = await db.transaction(async (tx) => {
      await assertMayBrand(tx, ctx)
      const previous = await repository.findBranding(tx, agencyId)
      const row = await repository.upsertBranding(tx, agencyId, {
        logoKey: key,
        logoMimeType: received.contentType,
        logoSize: received.size,
        logoSha256: received.sha256,
        logoUpdatedAt: new Date(),
        updatedBy: userId,
      })
      await recordAudit(tx, ctx, {
        action: 'settings.logo_uploaded',
        entity: { type: 'agency', id: agencyId },
        details: { contentType: received.contentType, sizeBytes: received.size, sha256: received.sha256 },
      })
      return { answer: toBrandingAnswer(ctx, BRANDING_PLAN, row), previousKey: previous?.logoKey ?? null }
    })
    if (previousKey) await storage.delete(previousKey).catch(() => undefined)
    return answer
  } catch (error) {
    await storage.delete(key).catch(() => undefined)
    throw error
  }
}

/** The agency's logo for its own users; 404 when it has none or its plan no longer includes branding. */
export async function openLogo(db: Db, storage: FileStorage, ctx: Ctx) {
  const { agencyId } = ctx.actor
  const [plan, row] = await Promise.all([findAgencyPlan(db, agencyId), repository.findBranding(db, agencyId)])
  if (plan?.planCode !== BRANDING_PLAN || !row?.logoKey || !row.logoMimeType) {
    throw new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })
  }
  // A row naming a file storage no longer has (lost, or removed by hand) is a missing logo, not a fault.
  const content = await storage.get(row.logoKey).catch((error: unknown) => {
    if (error instanceof ObjectNotFoundError)
      throw new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })
    throw error
  })
  return { contentType: row.logoMimeType, size: row.logoSize, content }
}
