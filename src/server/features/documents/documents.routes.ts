import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { receiveFilePart } from '#server/platform/uploads.ts'
import {
  deleteDocumentCall,
  listDocumentsCall,
  UPLOAD_TEXTS,
  uploadDocumentCall,
} from '#shared/contracts/documents.contract.ts'
import { isSigningShape, uploadForSigning } from '../esigning/upload-for-signing.ts'
import { deleteDocument, downloadDocument } from './documents.service.ts'
import { attachmentDisposition } from './file-names.ts'
import { listUploads } from './list-uploads.ts'
import { uploadDocument, uploadPastCap } from './upload-document.ts'

export function documentsRoutes(
  app: FastifyInstance,
  { db, storage }: { db: Db; storage: FileStorage },
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
      decidesBefore: (fields) => isAppointment(fields) || isSigningShape(fields),
    })
    if (isAppointment(file.fields) || !isSigningShape(file.fields)) {
      return uploadDocument(db, storage, ctx, file)
    }
    return uploadForSigning(db, storage, ctx, file)
  })
  registerCall(app, listDocumentsCall, {}, async ({ raw }) => listUploads(db, requireCtx(raw)))
  registerCall(app, deleteDocumentCall, {}, async ({ raw, params }) =>
    deleteDocument(db, storage, requireCtx(raw), params.id),
  )
}
