import { createHash } from 'node:crypto'
import type { Db } from '#server/db/connect.ts'
import { recordAuditAs } from '#server/platform/audit.ts'
import type { RequestMeta } from '#server/platform/context.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { storeDocument } from '../../documents/documents.service.ts'
import { signedFileName } from '../apply-signature.ts'
import * as repository from '../esigning.repository.ts'
import { findSigningDocument } from '../signing-documents.service.ts'
import { isAuthenticHelloSignEvent } from './hellosign-provider.service.ts'
import type { SigningProvider } from './signing-provider.service.ts'

/** What Dropbox Sign must read back, or it sends the event again. */
export const HELLOSIGN_ACK = 'Hello API Event Received'

export interface HelloSignEvent {
  event?: {
    event_type?: string
    event_time?: string
    event_hash?: string
    event_metadata?: { related_signature_id?: string | null }
  }
  signature_request?: { signature_request_id?: string }
}

export type CallbackOutcome = 'ignored' | 'recorded' | 'forged'

/**
 * A Dropbox Sign callback: proved by its event hash (HMAC of its time and type under our API key),
 * then applied to the document it names. A signer's view and signature update their status; the
 * last signature brings the completed PDF into storage and completes the document. Audited.
 */
export async function handleHelloSignEvent(
  deps: { db: Db; storage: FileStorage; apiKey: string; provider: SigningProvider },
  meta: RequestMeta,
  payload: HelloSignEvent,
): Promise<CallbackOutcome> {
  const event = payload.event ?? {}
  if (!isAuthenticHelloSignEvent(deps.apiKey, event)) return 'forged'
  const requestId = payload.signature_request?.signature_request_id
  if (!requestId) return 'ignored'
  const document = await repository.findByProviderRequest(deps.db, 'hellosign', requestId)
  if (!document) return 'ignored'
  const completed =
    event.event_type === 'signature_request_all_signed' && document.status !== 'completed'
      ? await deps.provider.downloadCompleted(requestId)
      : null
  await deps.db.transaction(async (tx) => {
    const signers = await repository.findSigners(tx, document.agencyId, [document.id])
    const signer = signers.find(
      (each) => each.providerSignatureId === event.event_metadata?.related_signature_id,
    )
    const now = new Date()
    if (signer && event.event_type === 'signature_request_viewed' && signer.status !== 'signed') {
      await repository.updateSigner(tx, document.agencyId, signer.id, { status: 'viewed', viewedAt: now })
    }
    if (signer && event.event_type === 'signature_request_signed') {
      await repository.updateSigner(tx, document.agencyId, signer.id, { status: 'signed', signedAt: now })
      const next = signers.find((each) => each.signingOrder === signer.signingOrder + 1)
      if (next?.status === 'waiting') {
        await repository.updateSigner(tx, document.agencyId, next.id, { status: 'sent', sentAt: now })
      }
    }
    if (completed) {
      const file = await findSigningDocument(tx, document.agencyId, document.id)
      const signedDocumentId = await storeDocument(tx, deps.storage, {
        agencyId: document.agencyId,
        kind: 'signed_document',
        filename: signedFileName(file?.file.filename ?? document.name),
        contentType: 'application/pdf',
        content: completed,
        ownerUserId: document.ownerUserId,
      })
      await repository.updateSigningDocument(tx, document.agencyId, document.id, {
        status: 'completed',
        completedAt: now,
        signedDocumentId,
      })
    }
    await recordAuditAs(
      tx,
      meta,
      { agencyId: document.agencyId, actorUserId: null },
      {
        action: 'esign.provider_event',
        entity: { type: 'signing_document', id: document.id },
        details: {
          provider: 'hellosign',
          eventType: event.event_type ?? null,
          ...(completed ? { completedSha256: createHash('sha256').update(completed).digest('hex') } : {}),
        },
      },
    )
  })
  return 'recorded'
}
