import { randomUUID } from 'node:crypto'
import { millisecondsInDay } from 'date-fns/constants'
import type { Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { RequestMeta } from '#server/platform/context.ts'
import type { Placement } from '#shared/contracts/esigning.contract.ts'
import { ESIGN_DISCLOSURE, ESIGNING_TEXTS } from '#shared/contracts/esigning-texts.ts'
import { SIGNING_LINK_VALID_DAYS, type SignatureType } from '#shared/domain/esigning.ts'
import { findUserContact } from '../auth/auth.service.ts'
import { applySignature, signedFileName } from './apply-signature.ts'
import * as repository from './esigning.repository.ts'
import { type EsigningDeps, signingLinkOf } from './esigning-deps.service.ts'
import { readSignatureImage } from './read-signature-image.ts'
import type { NewSignature } from './signature-records.service.ts'
import {
  auditLink,
  findLinkSigner,
  type LinkSigner,
  linkBlock,
  refuseBlocked,
} from './signing-links.service.ts'
import { queueCompletedMail, queueSigningInvite } from './signing-mail.service.ts'

type SigningRow = Awaited<ReturnType<typeof findLinkSigner>>['signing']

export interface LinkSignatureInput {
  token: string
  signatureType: SignatureType
  signatureData: string
  placement?: Placement
}

/** The next signer's turn: their link (sealed since sending) is mailed now and runs from now. */
async function sendToNext(tx: Executor, deps: EsigningDeps, signing: SigningRow, next: LinkSigner) {
  const now = new Date()
  const expiresAt = new Date(now.getTime() + SIGNING_LINK_VALID_DAYS * millisecondsInDay)
  await repository.updateSigner(tx, next.agencyId, next.id, { status: 'sent', sentAt: now, expiresAt })
  const sender = await findUserContact(tx, next.agencyId, signing.document.ownerUserId)
  await queueSigningInvite(tx, {
    agencyId: next.agencyId,
    to: next.email,
    signerName: next.name,
    documentName: signing.document.name,
    agencyName: sender?.agencyName ?? 'Your agency',
    senderName: sender?.name ?? 'Your agent',
    customMessage: signing.document.customMessage,
    link: signingLinkOf(deps.publicUrl, deps.cipher.decrypt(next.tokenSealed!)),
    expiresAt,
  })
}

/** The last signature: the sealed PDF to every signer and to the sender. */
async function complete(tx: Executor, signing: SigningRow, signedDocumentId: string) {
  const { agencyId, id, ownerUserId, name } = signing.document
  // One after the other: a transaction is one connection (see build-application-packet.ts).
  const signers = await repository.findSigners(tx, agencyId, [id])
  const sender = await findUserContact(tx, agencyId, ownerUserId)
  const recipients = new Set([...signers.map((signer) => signer.email), ...(sender ? [sender.email] : [])])
  for (const to of recipients) {
    await queueCompletedMail(tx, {
      agencyId,
      to,
      documentName: name,
      agencyName: sender?.agencyName ?? '',
      signedDocumentId,
      fileName: signedFileName(signing.file.filename),
    })
  }
}

/**
 * POST /api/esigning/links/sign: the link's signer signs, once, in turn, after consenting. The
 * document's sealed version gains their signature; the next signer is mailed, or, after the last,
 * everyone gets the completed PDF. One transaction holds the signer and the document.
 */
export async function signByLink(deps: EsigningDeps, meta: RequestMeta, input: LinkSignatureInput) {
  // Shape, then existence, then state: a malformed image is 400 whatever the link's state.
  const image = readSignatureImage(input.signatureData)
  return deps.db.transaction(async (tx) => {
    const { signer, signing } = await findLinkSigner(tx, input.token, { forUpdate: true })
    refuseBlocked(linkBlock(signer, signing.document.status))
    const consent = await repository.findSignerConsent(
      tx,
      signer.agencyId,
      signer.id,
      ESIGN_DISCLOSURE.version,
    )
    if (!consent) throw new AppError('CONFLICT', { message: ESIGNING_TEXTS.consentRequired })
    const signature: NewSignature = {
      id: randomUUID(),
      agencyId: signer.agencyId,
      signatureType: input.signatureType,
      signerName: signer.name,
      signerEmail: signer.email,
      signerRole: signer.role,
      image,
      consent,
      userId: null,
      signerId: signer.id,
      placement: input.placement ?? null,
      reported: {},
      meta,
      signedAt: new Date(),
    }
    const applied = await applySignature(tx, deps, signing, signature, { kind: 'link' })
    await repository.updateSigner(tx, signer.agencyId, signer.id, {
      status: 'signed',
      signedAt: signature.signedAt,
      signatureId: signature.id,
    })
    const next = await repository.findNextSigner(tx, signer.agencyId, signing.document.id)
    await repository.updateSigningDocument(tx, signer.agencyId, signing.document.id, {
      signedDocumentId: applied.sealedDocumentId,
      ...(next ? {} : { status: 'completed' as const, completedAt: signature.signedAt }),
    })
    if (next) await sendToNext(tx, deps, signing, next)
    else await complete(tx, signing, applied.sealedDocumentId)
    await auditLink(tx, meta, signer, next ? 'esign.link_signed' : 'esign.document_completed', {
      signatureId: signature.id,
      sealedSha256: applied.sealedSha256,
    })
    return { success: true as const, signatureId: signature.id, completed: !next }
  })
}
