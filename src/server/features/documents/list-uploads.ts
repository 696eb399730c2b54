import type { Db } from '#server/db/connect.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { UploadedDocument } from '#shared/contracts/documents.contract.ts'
import * as repository from './documents.repository.ts'

/** Far more than an agent keeps (a few per type); a bound so no list reads without one. */
const UPLOADS_LISTED = 500

type UploadRow = Awaited<ReturnType<typeof repository.findUploads>>[number]

export const toUploadedDocument = (row: UploadRow): UploadedDocument => ({
  id: row.id,
  fileName: row.filename,
  fileSize: row.sizeBytes,
  mimeType: row.contentType,
  uploadedAt: row.createdAt.toISOString(),
  documentType: row.documentType!,
  applicationId: row.applicationId,
})

/** The caller's own uploads, newest first. */
export async function listUploads(db: Db, ctx: Ctx): Promise<UploadedDocument[]> {
  const rows = await repository.findUploads(db, ctx.actor.agencyId, ctx.actor.userId, UPLOADS_LISTED)
  return rows.map(toUploadedDocument)
}
