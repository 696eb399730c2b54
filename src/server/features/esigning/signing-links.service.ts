import { randomUUID } from 'node:crypto'
import type { Db, Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAuditAs } from '#server/platform/audit.ts'
import type { RequestMeta } from '#server/platform/context.ts'
import type { LinkState } from '#shared/contracts/esigning-links.contract.ts'
import { ESIGN_DISCLOSURE, ESIGNING_TEXTS, SIGNING_LINK_TEXTS } from '#shared/contracts/esigning-texts.ts'
import { findUserContact } from '../auth/auth.service.ts'
import * as repository from './esigning.repository.ts'
import { tokenHashOf } from './link-tokens.service.ts'
import { findSigningDocument } from './signing-documents.service.ts'

export type LinkSigner = repository.SignerRow
type Blocked = Extract<LinkState, { status: 'used' | 'expired' | 'waiting' }>

const invalid = () => new AppError('NOT_FOUND', { message: SIGNING_LINK_TEXTS.invalid })

/** The signer a link's token belongs to (locked for the transaction when asked); unknown is 404. */
export async function findLinkSigner(
  executor: Executor,
  token: string,
  options: { forUpdate?: boolean } = {},
) {
  const signer = await repository.findSignerByTokenHash(executor, tokenHashOf(token), options)
  if (!signer) throw invalid()
  const signing = await findSigningDocument(executor, signer.agencyId, signer.signingDocumentId, options)
  if (!signing) throw invalid()
  return { signer, signing }
}

/** Why a link cannot be used now: signed already (each works once), not this signer's turn, or past its time. */
export function linkBlock(signer: LinkSigner, documentStatus: string, now = new Date()): Blocked | null {
  if (signer.status === 'signed' || documentStatus === 'completed') {
    return { status: 'used', message: SIGNING_LINK_TEXTS.used }
  }
  if (!signer.expiresAt) return { status: 'waiting', message: SIGNING_LINK_TEXTS.waiting }
  if (signer.expiresAt < now) return { status: 'expired', message: SIGNING_LINK_TEXTS.expired }
  return null
}

/** The refusal of a link that cannot act: 409 with the page's words. */
export function refuseBlocked(blocked: Blocked | null) {
  if (blocked) throw new AppError('CONFLICT', { message: blocked.message })
}

export function auditLink(
  executor: Executor,
  meta: RequestMeta,
  signer: LinkSigner,
  action: string,
  details = {},
) {
  return recordAuditAs(
    executor,
    meta,
    { agencyId: signer.agencyId, actorUserId: null },
    {
      action,
      entity: { type: 'signing_document', id: signer.signingDocumentId },
      details: { signerId: signer.id, signerEmail: signer.email, ...details },
    },
  )
}

/** POST /api/esigning/links/open: what the signer reviews, or why the link cannot be used. Audited. */
export async function openSigningLink(db: Db, meta: RequestMeta, token: string) {
  return db.transaction(async (tx): Promise<LinkState> => {
    const { signer, signing } = await findLinkSigner(tx, token, { forUpdate: true })
    const blocked = linkBlock(signer, signing.document.status)
    await auditLink(tx, meta, signer, 'esign.link_opened', { outcome: blocked?.status ?? 'ready' })
    if (blocked) return blocked
    if (signer.status === 'sent') {
      await repository.updateSigner(tx, signer.agencyId, signer.id, {
        status: 'viewed',
        viewedAt: new Date(),
      })
    }
    // One after the other: a transaction is one connection (see build-application-packet.ts).
    const consent = await repository.findSignerConsent(
      tx,
      signer.agencyId,
      signer.id,
      ESIGN_DISCLOSURE.version,
    )
    const sender = await findUserContact(tx, signer.agencyId, signing.document.ownerUserId)
    const signatures = await repository.findDocumentSignatures(tx, signer.agencyId, signing.document.id)
    return {
      status: 'ready',
      document: {
        name: signing.document.name,
        fileName: signing.file.filename,
        agencyName: sender?.agencyName ?? '',
        senderName: sender?.name ?? '',
        customMessage: signing.document.customMessage,
        sha256: signatures.at(-1)?.sealedSha256 ?? signing.document.sourceSha256,
      },
      signer: {
        name: signer.name,
        email: signer.email,
        role: signer.role,
        signingOrder: signer.signingOrder,
      },
      consent: { version: ESIGN_DISCLOSURE.version, accepted: consent !== undefined },
    }
  })
}

/** POST /api/esigning/links/consent: the signer accepts the disclosure (version, time, IP, user agent). */
export async function acceptLinkConsent(
  db: Db,
  meta: RequestMeta,
  input: { token: string; version: string },
) {
  if (input.version !== ESIGN_DISCLOSURE.version) {
    throw new AppError('CONFLICT', { message: ESIGNING_TEXTS.consentOutdated })
  }
  return db.transaction(async (tx) => {
    const { signer, signing } = await findLinkSigner(tx, input.token, { forUpdate: true })
    refuseBlocked(linkBlock(signer, signing.document.status))
    const consent = await repository.insertConsent(tx, {
      id: randomUUID(),
      agencyId: signer.agencyId,
      signerId: signer.id,
      signerName: signer.name,
      signerEmail: signer.email,
      version: input.version,
      acceptedAt: new Date(),
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
    })
    await auditLink(tx, meta, signer, 'esign.link_consent_accepted', {
      consentId: consent.id,
      version: consent.version,
    })
    return { accepted: true as const }
  })
}
