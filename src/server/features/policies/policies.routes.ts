import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { receiveFilePart } from '#server/platform/uploads.ts'
import {
  cancelPolicyCall,
  createPolicyCall,
  endorsePolicyCall,
  getPolicyCall,
  listPoliciesCall,
  POLICIES_EXPORT_PATH,
  PolicyFiltersSchema,
  previewCancellationCall,
  reinstatePolicyCall,
} from '#shared/contracts/policies.contract.ts'
import {
  getBookSettingsCall,
  updateBookSettingsCall,
} from '#shared/contracts/policies-book-settings.contract.ts'
import {
  attachPolicyDocumentCall,
  listPolicyDocumentsCall,
  POLICY_DOCUMENT_TEXTS,
} from '#shared/contracts/policies-documents.contract.ts'
import { AGENCY_ADMIN_ROLES } from '#shared/domain/roles.ts'
import { attachmentDisposition } from '../documents/file-names.service.ts'
import { uploadPastCap } from '../documents/upload-document.ts'
import { attachPolicyDocument } from './attach-policy-document.ts'
import { getBookSettings, updateBookSettings } from './book-settings.service.ts'
import { cancelPolicy, previewCancellation } from './cancel-policy.ts'
import { createPolicy } from './create-policy.ts'
import { downloadPolicyDocument } from './download-policy-document.ts'
import { endorsePolicy } from './endorse-policy.ts'
import { exportPoliciesCsv } from './export-policies.ts'
import { listPolicies } from './list-policies.ts'
import { getPolicy } from './policies.service.ts'
import { listPolicyDocuments } from './policy-documents.service.ts'
import { reinstatePolicy } from './reinstate-policy.ts'

export function policiesRoutes(
  app: FastifyInstance,
  { db, storage }: { db: Db; storage: FileStorage },
): void {
  registerCall(app, listPoliciesCall, {}, ({ raw, query }) => listPolicies(db, requireCtx(raw), query))

  app.get(
    POLICIES_EXPORT_PATH,
    // A download is sent as it is made: the browser saves it, so compressing it buys nothing.
    { schema: { querystring: PolicyFiltersSchema }, compress: false },
    async (request, reply) => {
      const lines = await exportPoliciesCsv(db, requireCtx(request), request.query as never)
      const day = new Date().toISOString().slice(0, 10)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="policies-${day}.csv"`)
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(lines))
    },
  )

  registerCall(app, getPolicyCall, {}, ({ raw, params }) => getPolicy(db, requireCtx(raw), params.id))
  registerCall(app, createPolicyCall, {}, ({ raw, body }) => createPolicy(db, requireCtx(raw), body))
  registerCall(app, endorsePolicyCall, {}, ({ raw, params, body }) =>
    endorsePolicy(db, requireCtx(raw), params.id, body),
  )
  registerCall(app, previewCancellationCall, {}, ({ raw, params, body }) =>
    previewCancellation(db, requireCtx(raw), params.id, body),
  )
  registerCall(app, cancelPolicyCall, {}, ({ raw, params, body }) =>
    cancelPolicy(db, requireCtx(raw), params.id, body),
  )
  registerCall(app, reinstatePolicyCall, {}, ({ raw, params, body }) =>
    reinstatePolicy(db, requireCtx(raw), params.id, body.note),
  )

  registerCall(app, listPolicyDocumentsCall, {}, ({ raw, params, query }) =>
    listPolicyDocuments(db, requireCtx(raw), params.id, query),
  )
  // Streamed from storage as an attachment, as the documents feature's own download is.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/policies/:id/documents/:linkId/download',
    {
      schema: {
        params: z.object({ id: z.uuid({ message: 'Not found' }), linkId: z.uuid({ message: 'Not found' }) }),
      },
      compress: false,
    },
    async (request, reply) => {
      const { id, linkId } = request.params
      const { file, content } = await downloadPolicyDocument(db, storage, requireCtx(request), id, linkId)
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.sizeBytes)
        .header('content-disposition', attachmentDisposition(file.filename))
        .header('x-content-type-options', 'nosniff')
        .send(content)
    },
  )
  registerCall(app, attachPolicyDocumentCall, {}, async ({ raw, params }) => {
    const ctx = requireCtx(raw)
    // The type may come after the file (a hand-written form): then the file waits in a spool for it.
    const file = await receiveFilePart(raw, {
      field: 'file',
      noFile: POLICY_DOCUMENT_TEXTS.noFile,
      tooLarge: uploadPastCap,
      decidesBefore: (fields) => 'documentType' in fields,
    })
    return attachPolicyDocument(db, storage, ctx, params.id, file)
  })

  // The agency's book settings: everyone reads them (the reinstatement window), admins change them.
  registerCall(app, getBookSettingsCall, {}, ({ raw }) => getBookSettings(db, requireCtx(raw)))
  registerCall(app, updateBookSettingsCall, { roles: AGENCY_ADMIN_ROLES }, ({ raw, body }) =>
    updateBookSettings(db, requireCtx(raw), body),
  )
}
