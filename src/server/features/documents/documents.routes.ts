import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { downloadDocument } from './documents.service.ts'

export function documentsRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/documents/:id/download',
      { schema: { params: z.object({ id: z.uuid({ message: 'Not found' }) }) } },
      async (request, reply) => {
        const document = await downloadDocument(db, requireCtx(request), request.params.id)
        return reply
          .header('content-type', document.contentType)
          .header(
            'content-disposition',
            `attachment; filename="${document.filename.replace(/[^\w.-]/g, '_')}"`,
          )
          .header('x-content-type-options', 'nosniff')
          .send(document.content)
      },
    )
}
