import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import {
  getImportRecord,
  interruptAbandonedImports,
  listImports,
} from '#server/features/client-import/import-records.service.ts'
import { AppError } from '#server/platform/app-error.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import { tooLarge } from '#server/platform/spreadsheet-import/import-errors.ts'
import { IMPORT_WORKERS } from '#server/platform/spreadsheet-import/import-limits.ts'
import { receiveFilePart } from '#server/platform/uploads.ts'
import {
  getPolicyImportCall,
  importPoliciesCall,
  listPolicyImportsCall,
  POLICY_IMPORT_TEMPLATE_NAME,
  POLICY_IMPORT_TEMPLATE_PATH,
  POLICY_IMPORT_TEXTS,
} from '#shared/contracts/policy-import.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { createPolicyParsePool, importPolicies } from './policy-import.service.ts'
import { writePolicyTemplate } from './write-policy-template.ts'

/** The upload's own refusals (no file, past the cap) on the file field, as the import's are. */
const fileField = (error: AppError) =>
  new AppError('INVALID_INPUT', {
    message: error.message,
    fieldErrors: [{ path: 'file', message: error.message }],
    headers: error.headers,
  })

export function policyImportRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const parsers = createPolicyParsePool(IMPORT_WORKERS)
  app.addHook('onReady', async () => {
    const interrupted = await interruptAbandonedImports(db)
    if (interrupted > 0) app.log.warn({ interrupted }, 'imports left running by a stopped process')
  })
  app.addHook('onClose', () => parsers.close())

  registerCall(app, importPoliciesCall, {}, async ({ raw }) => {
    const ctx = requireCtx(raw)
    const upload = await receiveFilePart(raw, {
      field: 'file',
      noFile: POLICY_IMPORT_TEXTS.noFile,
      tooLarge: () => fileField(tooLarge()),
    }).catch((error) => {
      throw error instanceof AppError && error.code === 'INVALID_INPUT' && !error.fieldErrors
        ? fileField(error)
        : error
    })
    return importPolicies(db, parsers, ctx, upload, raw.log)
  })

  registerCall(app, listPolicyImportsCall, {}, async ({ raw }) => ({
    data: await listImports(db, requireCtx(raw), 'policies'),
  }))

  registerCall(app, getPolicyImportCall, {}, async ({ raw, params }) => {
    const record = await getImportRecord(db, requireCtx(raw), 'policies', params.id)
    if (!record) throw new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })
    return record
  })

  app.get(POLICY_IMPORT_TEMPLATE_PATH, { compress: false }, async (request, reply) => {
    requireCtx(request)
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${POLICY_IMPORT_TEMPLATE_NAME}"`)
      .header('x-content-type-options', 'nosniff')
      .send(writePolicyTemplate())
  })
}
