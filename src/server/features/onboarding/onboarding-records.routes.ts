import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import {
  addDocumentCall,
  addLicenseCall,
  listDocumentsCall,
  listLicensesCall,
  listTrainingCall,
  scheduleTrainingCall,
  updateDocumentCall,
  updateLicenseCall,
  updateTrainingCall,
} from '#shared/contracts/onboarding-records.contract.ts'
import { addLicense, listLicenses, updateLicense } from './licenses.service.ts'
import {
  addOnboardingDocument,
  listOnboardingDocuments,
  updateOnboardingDocument,
} from './onboarding-documents.service.ts'
import { listTraining, scheduleTraining, updateTraining } from './training.service.ts'

/** Licenses, training sessions and onboarding documents: list, add, change. */
export function onboardingRecordsRoutes(app: FastifyInstance, db: Db): void {
  registerCall(app, listLicensesCall, {}, async ({ raw, query }) =>
    listLicenses(db, requireCtx(raw), query.agentId),
  )
  registerCall(app, addLicenseCall, {}, async ({ raw, body }) => addLicense(db, requireCtx(raw), body))
  registerCall(app, updateLicenseCall, {}, async ({ raw, params, body }) =>
    updateLicense(db, requireCtx(raw), params.id, body),
  )
  registerCall(app, listTrainingCall, {}, async ({ raw, query }) =>
    listTraining(db, requireCtx(raw), query.agentId),
  )
  registerCall(app, scheduleTrainingCall, {}, async ({ raw, body }) =>
    scheduleTraining(db, requireCtx(raw), body),
  )
  registerCall(app, updateTrainingCall, {}, async ({ raw, params, body }) =>
    updateTraining(db, requireCtx(raw), params.id, body),
  )
  registerCall(app, listDocumentsCall, {}, async ({ raw, query }) =>
    listOnboardingDocuments(db, requireCtx(raw), query.agentId),
  )
  registerCall(app, addDocumentCall, {}, async ({ raw, body }) =>
    addOnboardingDocument(db, requireCtx(raw), body),
  )
  registerCall(app, updateDocumentCall, {}, async ({ raw, params, body }) =>
    updateOnboardingDocument(db, requireCtx(raw), params.id, body),
  )
}
