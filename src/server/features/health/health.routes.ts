import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { pingDatabase } from '#server/db/probes.ts'
import { AppError } from '#server/platform/app-error.ts'
import { registerCall } from '#server/platform/http.ts'
import { healthCall } from '#shared/contracts/health.contract.ts'

export function healthRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  registerCall(app, healthCall, { public: true }, async () => {
    try {
      await pingDatabase(db)
    } catch {
      throw new AppError('INTERNAL', { message: 'The database does not answer' })
    }
    return { status: 'ok' as const }
  })
}
