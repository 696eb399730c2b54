import type { FastifyInstance } from 'fastify'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import {
  acceptConsentCall,
  createSignatureCall,
  getConsentCall,
  signDocumentCall,
  verifySignatureCall,
} from '#shared/contracts/esigning.contract.ts'
import {
  deleteSigningDocumentCall,
  listProvidersCall,
  listSigningDocumentsCall,
  sendDocumentCall,
} from '#shared/contracts/esigning-documents.contract.ts'
import { PROVIDER_LABELS } from '#shared/domain/esigning.ts'
import { acceptConsent, getConsent } from './consent.service.ts'
import type { EsigningDeps } from './esigning-deps.service.ts'
import { listSigningDocuments, removeSigningDocument } from './list-documents.ts'
import { sendDocument } from './send-document.ts'
import { createSignature, signDocument } from './sign-document.ts'
import { verifySignature } from './verify-signature.ts'

/** A 2 MB image as a base64 data URL, and the rest of the form. */
export const SIGNATURE_BODY_LIMIT = 3 * 1024 * 1024

/** The signed-in calls of e-signing (spec part 3 §7). */
export function esigningRoutes(app: FastifyInstance, deps: EsigningDeps): void {
  const { db } = deps
  registerCall(app, getConsentCall, {}, async ({ raw, query }) =>
    getConsent(db, requireCtx(raw), query.signerEmail),
  )
  registerCall(app, acceptConsentCall, {}, async ({ raw, body }) => acceptConsent(db, requireCtx(raw), body))
  registerCall(
    app,
    createSignatureCall,
    {},
    async ({ raw, body }) => createSignature(deps, requireCtx(raw), body),
    {
      bodyLimit: SIGNATURE_BODY_LIMIT,
    },
  )
  registerCall(
    app,
    signDocumentCall,
    {},
    async ({ raw, body }) => signDocument(deps, requireCtx(raw), body),
    {
      bodyLimit: SIGNATURE_BODY_LIMIT,
    },
  )
  registerCall(app, verifySignatureCall, {}, async ({ raw, params }) =>
    verifySignature(deps, requireCtx(raw), params.signatureId),
  )
  registerCall(app, sendDocumentCall, {}, async ({ raw, body }) => sendDocument(deps, requireCtx(raw), body))
  registerCall(app, listProvidersCall, {}, async () => ({
    providers: deps.providers
      .list()
      .map((provider) => ({ ...provider, label: PROVIDER_LABELS[provider.id] })),
  }))
  registerCall(app, listSigningDocumentsCall, {}, async ({ raw, query }) =>
    listSigningDocuments(db, requireCtx(raw), query.status),
  )
  registerCall(app, deleteSigningDocumentCall, {}, async ({ raw, params }) =>
    removeSigningDocument(db, deps.storage, requireCtx(raw), params.id),
  )
}
