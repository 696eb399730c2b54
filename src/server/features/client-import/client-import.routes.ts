import type { MultipartFile } from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import {
  IMPORT_TEMPLATE_PATH,
  IMPORT_TEXTS,
  importClientsCall,
  TEMPLATE_FORMATS,
} from '#shared/contracts/client-import.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { type ImportUpload, importClients } from './client-import.service.ts'
import { invalidFile, tooLarge } from './import-errors.ts'
import { TEMPLATE_CONTENT_TYPES, writeTemplate } from './write-template.ts'

const MULTIPART_LIMIT_ERRORS = new Set(['FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT', 'FST_FILES_LIMIT'])

/** The one `file` part of the form, still streaming: nothing is buffered here. */
async function receiveFile(request: FastifyRequest): Promise<ImportUpload> {
  if (!request.isMultipart()) throw invalidFile(IMPORT_TEXTS.noFile)
  let part: MultipartFile | undefined
  try {
    part = await request.file()
  } catch (error) {
    const code = (error as { code?: string }).code ?? ''
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge()
    if (MULTIPART_LIMIT_ERRORS.has(code)) {
      throw new AppError('PAYLOAD_TOO_LARGE', { message: GENERIC_MESSAGES.tooLarge })
    }
    throw error
  }
  // A browser sends an empty part named "" when the form had no file chosen.
  if (part?.fieldname !== 'file' || !part.filename) {
    part?.file.resume()
    throw invalidFile(IMPORT_TEXTS.noFile)
  }
  return { filename: part.filename, stream: part.file }
}

const TemplateQuerySchema = z.object({
  format: z.enum(TEMPLATE_FORMATS, { message: 'Choose a template format: xlsx or csv.' }).default('xlsx'),
})

export function clientImportRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  registerCall(app, importClientsCall, {}, async ({ raw }) => {
    const ctx = requireCtx(raw)
    return importClients(db, ctx, await receiveFile(raw), raw.log)
  })

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
