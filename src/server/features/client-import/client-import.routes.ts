import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import { tooLarge } from '#server/platform/spreadsheet-import/import-errors.ts'
import { IMPORT_WORKERS } from '#server/platform/spreadsheet-import/import-limits.ts'
import { receiveFilePart } from '#server/platform/uploads.ts'
import {
  IMPORT_TEMPLATE_PATH,
  IMPORT_TEXTS,
  importClientsCall,
  listImportsCall,
  TEMPLATE_FORMATS,
} from '#shared/contracts/client-import.contract.ts'
import { createClientParsePool, importClients } from './client-import.service.ts'
import { interruptAbandonedImports, listImports } from './import-records.service.ts'
import { TEMPLATE_CONTENT_TYPES, writeTemplate } from './write-template.ts'

const TemplateQuerySchema = z.object({
  format: z.enum(TEMPLATE_FORMATS, { message: 'Choose a template format: xlsx or csv.' }).default('xlsx'),
})

export function clientImportRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const parsers = createClientParsePool(IMPORT_WORKERS)
  app.addHook('onReady', async () => {
    const interrupted = await interruptAbandonedImports(db)
    if (interrupted > 0) app.log.warn({ interrupted }, 'client imports left running by a stopped process')
  })
  app.addHook('onClose', () => parsers.close())

  registerCall(app, importClientsCall, {}, async ({ raw }) => {
    const ctx = requireCtx(raw)
    const upload = await receiveFilePart(raw, { field: 'file', noFile: IMPORT_TEXTS.noFile, tooLarge })
    return importClients(db, { parsers }, ctx, upload, raw.log)
  })

  registerCall(app, listImportsCall, {}, async ({ raw }) => ({
    data: await listImports(db, requireCtx(raw)),
  }))

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      IMPORT_TEMPLATE_PATH,
      { schema: { querystring: TemplateQuerySchema }, compress: false },
      async (request, reply) => {
        requireCtx(request)
        const { format } = request.query
        const bytes = await writeTemplate(format)
        return reply
          .header('content-type', TEMPLATE_CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="client-import-template.${format}"`)
          .header('x-content-type-options', 'nosniff')
          .send(bytes)
      },
    )
}
