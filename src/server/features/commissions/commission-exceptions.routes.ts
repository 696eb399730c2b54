import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import {
  exceptionCandidatesCall,
  listExceptionsCall,
  resolveExceptionCall,
} from '#shared/contracts/commissions-statements.contract.ts'
import { AGENCY_ADMIN_ROLES } from '#shared/domain/roles.ts'
import { listExceptions } from './commission-exceptions.service.ts'
import { findExceptionCandidates } from './find-exception-candidates.ts'
import { resolveCommissionException } from './resolve-commission-exception.ts'

// Everyone in the agency reads the queue, as they read the schedule; agency admins resolve
// exceptions, since accepting, writing off or disputing decides what the agency's revenue is.
export function commissionExceptionsRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const admins = { roles: AGENCY_ADMIN_ROLES }
  registerCall(app, listExceptionsCall, {}, ({ raw, query }) => listExceptions(db, requireCtx(raw), query))
  registerCall(app, exceptionCandidatesCall, admins, ({ raw, params, query }) =>
    findExceptionCandidates(db, requireCtx(raw), params.id, query.q),
  )
  registerCall(app, resolveExceptionCall, admins, ({ raw, params, body }) =>
    resolveCommissionException(db, requireCtx(raw), params.id, body),
  )
}
