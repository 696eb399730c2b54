import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Db } from '#server/db/connect.ts'
import { requestMeta, requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { receiveFilePart } from '#server/platform/uploads.ts'
import { UPLOAD_TEXTS } from '#shared/contracts/documents.contract.ts'
import {
  acceptInvitationCall,
  addAgentCall,
  completeStepCall,
  createWorkflowCall,
  listAgentsCall,
  listWorkflowsCall,
  previewInvitationCall,
  resendInvitationCall,
} from '#shared/contracts/onboarding-agents.contract.ts'
import {
  dashboardCall,
  licenseExpirationCall,
  PROGRESS_CSV_PATH,
  ProgressQuerySchema,
  progressCall,
} from '#shared/contracts/onboarding-progress.contract.ts'
import { attachDocumentFileCall } from '#shared/contracts/onboarding-records.contract.ts'
import { uploadPastCap } from '../documents/upload-document.ts'
import { addAgent, listAgents, resendInvitation } from './agents.service.ts'
import { attachDocumentFile } from './attach-document-file.ts'
import { completeStep } from './complete-step.ts'
import { acceptInvitation, type InvitationSettings, previewInvitation } from './invitations.service.ts'
import { listExpiringLicenses } from './licenses.service.ts'
import { onboardingRecordsRoutes } from './onboarding-records.routes.ts'
import { exportProgressCsv, getDashboard, getProgress } from './progress.service.ts'
import { createWorkflow, listWorkflows } from './workflows.service.ts'

export interface OnboardingDeps {
  db: Db
  storage: FileStorage
  delivery: { publicUrl: string }
  smtpConfigured: boolean
  authRateLimit: number
}

/** Agency onboarding (spec part 3, issue #15): agents and invitations, workflows, progress. */
export function onboardingRoutes(app: FastifyInstance, deps: OnboardingDeps): void {
  const { db } = deps
  const settings: InvitationSettings = {
    publicUrl: deps.delivery.publicUrl,
    smtpConfigured: deps.smtpConfigured,
  }
  // The link is the credential: public, and throttled per address like sign-in.
  const INVITATION = { public: true, rateLimit: { max: deps.authRateLimit, timeWindow: '1 minute' } } as const

  registerCall(app, addAgentCall, {}, async ({ raw, body }) => addAgent(db, requireCtx(raw), body, settings))
  registerCall(app, listAgentsCall, {}, async ({ raw, query }) => ({
    agents: await listAgents(db, requireCtx(raw), query.q),
  }))
  registerCall(app, resendInvitationCall, {}, async ({ raw, params }) =>
    resendInvitation(db, requireCtx(raw), params.id, settings),
  )
  registerCall(app, completeStepCall, {}, async ({ raw, params }) =>
    completeStep(db, requireCtx(raw), params.id, params.stepId),
  )
  registerCall(app, previewInvitationCall, INVITATION, async ({ body }) => previewInvitation(db, body.token))
  registerCall(app, acceptInvitationCall, INVITATION, async ({ raw, body }) =>
    acceptInvitation(db, body, requestMeta(raw)),
  )

  registerCall(app, listWorkflowsCall, {}, async ({ raw }) => listWorkflows(db, requireCtx(raw)))
  registerCall(app, createWorkflowCall, {}, async ({ raw, body }) =>
    createWorkflow(db, requireCtx(raw), body),
  )

  registerCall(app, dashboardCall, {}, async ({ raw, query }) => getDashboard(db, requireCtx(raw), query))
  registerCall(app, progressCall, {}, async ({ raw, query }) => getProgress(db, requireCtx(raw), query))
  registerCall(app, licenseExpirationCall, {}, async ({ raw }) => listExpiringLicenses(db, requireCtx(raw)))
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(PROGRESS_CSV_PATH, { schema: { querystring: ProgressQuerySchema } }, async (request, reply) => {
      const csv = await exportProgressCsv(db, requireCtx(request), request.query)
      const day = new Date().toISOString().slice(0, 10)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="onboarding-progress-${day}.csv"`)
        .header('x-content-type-options', 'nosniff')
        .send(csv)
    })

  onboardingRecordsRoutes(app, db)
  registerCall(app, attachDocumentFileCall, {}, async ({ raw, params }) => {
    const ctx = requireCtx(raw)
    const file = await receiveFilePart(raw, {
      field: 'file',
      noFile: UPLOAD_TEXTS.noFile,
      tooLarge: uploadPastCap,
    })
    return attachDocumentFile(db, deps.storage, ctx, params.id, file)
  })
}
