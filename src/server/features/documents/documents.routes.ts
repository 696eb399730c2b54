import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import type { Ctx } from '#server/platform/context.ts'
import { registerCall } from '#server/platform/http.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { type FilePart, receiveFilePart } from '#server/platform/uploads.ts'
import {
  deleteDocumentCall,
  listDocumentsCall,
  UPLOAD_TEXTS,
  uploadDocumentCall,
} from '#shared/contracts/documents.contract.ts'
import type { SigningUpload } from '#shared/contracts/esigning.contract.ts'
import { deleteDocument, downloadDocument } from './documents.service.ts'
import { attachmentDisposition } from './file-names.service.ts'
import { listUploads } from './list-uploads.ts'
import { type IsOwnApplication, uploadDocument, uploadPastCap } from './upload-document.ts'

/**
 * E-signing's form on the same upload call (spec part 3 §7). E-signing sits above documents and
 * uses its storage, so features/index.ts hands its shape in rather than documents importing it.
 */
export interface SigningUploadShape {
  /** Whether the fields name a document for signing. */
  matches: (fields: Record<string, string>) => boolean
  upload: (ctx: Ctx, file: FilePart) => Promise<SigningUpload>
}

export interface DocumentsDeps {
  db: Db
  storage: FileStorage
  isOwnApplication: IsOwnApplication
  forSigning: SigningUploadShape
}

export function documentsRoutes(
  app: FastifyInstance,
  { db, storage, isOwnApplication, forSigning }: DocumentsDeps,
): void {
  // Streamed from storage, never read whole into memory; always an attachment, never sniffed, and
  // sent as stored (a download is saved, not rendered: compressing it again buys nothing).
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/documents/:id/download',
      { schema: { params: z.object({ id: z.uuid({ message: 'Not found' }) }) }, compress: false },
      async (request, reply) => {
        const { document, content } = await downloadDocument(
          db,
          storage,
          requireCtx(request),
          request.params.id,
        )
        return reply
          .header('content-type', document.contentType)
          .header('content-length', document.sizeBytes)
          .header('content-disposition', attachmentDisposition(document.filename))
          .header('x-content-type-options', 'nosniff')
          .send(content)
      },
    )
  registerCall(app, uploadDocumentCall, {}, async ({ raw }) => {
    const ctx = requireCtx(raw)
    // Two shapes (spec part 2 §7 and part 3 §7): an appointment document names its documentType
    // (and optional applicationId); a document for signing sends type and name. Fields may come
    // before or after the file: when none before it decides, the file waits in a spool for them.
    const isAppointment = (fields: Record<string, string>) =>
      'documentType' in fields || 'applicationId' in fields
    const file = await receiveFilePart(raw, {
      field: 'file',
      noFile: UPLOAD_TEXTS.noFile,
      tooLarge: uploadPastCap,
      decidesBefore: (fields) => isAppointment(fields) || forSigning.matches(fields),
    })
    if (isAppointment(file.fields) || !forSigning.matches(file.fields)) {
      return uploadDocument(db, storage, ctx, file, isOwnApplication)
    }
    return forSigning.upload(ctx, file)
  })
  registerCall(app, listDocumentsCall, {}, async ({ raw }) => listUploads(db, requireCtx(raw)))
  registerCall(app, deleteDocumentCall, {}, async ({ raw, params }) =>
    deleteDocument(db, storage, requireCtx(raw), params.id),
  )
}
