import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import {
  exportAuditCheckpointCall,
  verifyAuditChainCall,
  verifyAuditCheckpointCall,
} from '#shared/contracts/compliance.contract.ts'
import { AGENCY_ADMIN_ROLES } from '#shared/domain/roles.ts'
import { exportAuditCheckpoint, verifyAgencyAuditChain, verifyAuditCheckpoint } from './audit-integrity.ts'
import { createCheckpointSigner } from './checkpoint-signer.ts'

export function complianceRoutes(app: FastifyInstance, deps: { db: Db; auditSigningKey: Buffer }) {
  const { db } = deps
  const signer = createCheckpointSigner(deps.auditSigningKey)
  const admins = { roles: AGENCY_ADMIN_ROLES }

  registerCall(app, verifyAuditChainCall, admins, ({ raw }) => verifyAgencyAuditChain(db, requireCtx(raw)))

  registerCall(app, exportAuditCheckpointCall, admins, async ({ raw, reply }) => {
    const checkpoint = await exportAuditCheckpoint(db, signer, requireCtx(raw))
    reply.header('content-disposition', `attachment; filename="audit-checkpoint-${checkpoint.sequence}.json"`)
    return checkpoint
  })

  registerCall(app, verifyAuditCheckpointCall, admins, ({ raw, body }) =>
    verifyAuditCheckpoint(db, signer, requireCtx(raw), body),
  )
}
