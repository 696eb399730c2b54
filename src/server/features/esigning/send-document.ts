import { randomUUID } from 'node:crypto'
import { millisecondsInDay } from 'date-fns/constants'
import type { Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { SendDocumentInput, SignerState } from '#shared/contracts/esigning-documents.contract.ts'
import { ESIGNING_TEXTS } from '#shared/contracts/esigning-texts.ts'
import { SIGNING_LINK_VALID_DAYS, type SigningProviderId } from '#shared/domain/esigning.ts'
import { findUserContact } from '../auth/auth.service.ts'
import { readDocumentBytes } from '../documents/documents.service.ts'
import * as repository from './esigning.repository.ts'
import { type EsigningDeps, signingLinkOf } from './esigning-deps.service.ts'
import { newLinkToken, tokenHashOf } from './link-tokens.service.ts'
import type { SigningProvider } from './providers/signing-provider.service.ts'
import { findVisibleSigningDocument } from './sign-document.ts'
import { queueSigningInvite } from './signing-mail.service.ts'

type SigningRow = Awaited<ReturnType<typeof findVisibleSigningDocument>>

const DAY_MS = millisecondsInDay

/** A signer as the sender sees them; a link past its time reads as expired. */
export function signerState(row: repository.SignerRow, now = new Date()): SignerState {
  const open = row.status === 'sent' || row.status === 'viewed'
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    signingOrder: row.signingOrder,
    status: open && row.expiresAt && row.expiresAt < now ? 'expired' : row.status,
    sentAt: row.sentAt?.toISOString() ?? null,
    viewedAt: row.viewedAt?.toISOString() ?? null,
    signedAt: row.signedAt?.toISOString() ?? null,
  }
}

/** Only a document nobody signed nor was sent can be sent. */
function assertSendable(signing: SigningRow) {
  if (signing.document.status === 'completed' || signing.document.signedDocumentId) {
    throw new AppError('CONFLICT', { message: ESIGNING_TEXTS.alreadySigned })
  }
  if (signing.document.provider) throw new AppError('CONFLICT', { message: ESIGNING_TEXTS.sentForSignature })
}

const bySigningOrder = (input: SendDocumentInput) =>
  [...input.signers].sort((a, b) => a.signingOrder - b.signingOrder)

async function markSent(
  tx: Executor,
  ctx: Ctx,
  signing: SigningRow,
  input: SendDocumentInput,
  provider: SigningProviderId,
  providerRequestId: string | null,
) {
  const now = new Date()
  await repository.updateSigningDocument(tx, ctx.actor.agencyId, signing.document.id, {
    provider,
    providerRequestId,
    sentAt: now,
    customMessage: input.customMessage,
    securityLevel: input.securityLevel,
    documentType: signing.document.documentType ?? input.documentType ?? null,
  })
  await recordAudit(tx, ctx, {
    action: 'esign.document_sent',
    entity: { type: 'signing_document', id: signing.document.id },
    details: { provider, signers: input.signers.length, securityLevel: input.securityLevel },
  })
}

/**
 * The product as its own provider: every signer gets a one-time link, sealed at rest (only its
 * hash finds it); the first is mailed now, each next one when the one before has signed.
 */
async function sendByEmail(deps: EsigningDeps, ctx: Ctx, input: SendDocumentInput) {
  const { agencyId, userId } = ctx.actor
  return deps.db.transaction(async (tx) => {
    const signing = await findVisibleSigningDocument(tx, ctx, input.documentId, { forUpdate: true })
    assertSendable(signing)
    const sender = await findUserContact(tx, agencyId, userId)
    const now = new Date()
    const expiresAt = new Date(now.getTime() + SIGNING_LINK_VALID_DAYS * DAY_MS)
    const signers = bySigningOrder(input).map((signer) => {
      const token = newLinkToken()
      const first = signer.signingOrder === 1
      return {
        token,
        row: {
          id: randomUUID(),
          agencyId,
          signingDocumentId: signing.document.id,
          name: signer.name,
          email: signer.email,
          role: signer.role,
          signingOrder: signer.signingOrder,
          tokenHash: tokenHashOf(token),
          tokenSealed: deps.cipher.encrypt(token),
          status: first ? ('sent' as const) : ('waiting' as const),
          sentAt: first ? now : null,
          expiresAt: first ? expiresAt : null,
        },
      }
    })
    await repository.insertSigners(
      tx,
      signers.map((signer) => signer.row),
    )
    const first = signers[0]!
    await queueSigningInvite(tx, {
      agencyId,
      to: first.row.email,
      signerName: first.row.name,
      documentName: signing.document.name,
      agencyName: sender?.agencyName ?? 'Your agency',
      senderName: sender?.name ?? 'Your agent',
      customMessage: input.customMessage,
      link: signingLinkOf(deps.publicUrl, first.token),
      expiresAt,
    })
    await markSent(tx, ctx, signing, input, 'email', null)
    return signers.map((signer) =>
      signerState({ ...signer.row, viewedAt: null, signedAt: null } as repository.SignerRow),
    )
  })
}

/**
 * A third-party provider: the original file goes to it outside any transaction (a slow service
 * must not hold the database), then the request is recorded if the document is still unsent.
 */
async function sendThroughProvider(
  deps: EsigningDeps,
  ctx: Ctx,
  input: SendDocumentInput,
  provider: SigningProvider,
) {
  const { agencyId } = ctx.actor
  const checked = await findVisibleSigningDocument(deps.db, ctx, input.documentId)
  assertSendable(checked)
  const accepted = await provider.send({
    signingDocumentId: checked.document.id,
    title: checked.document.name,
    fileName: checked.file.filename,
    contentType: checked.file.contentType,
    bytes: await readDocumentBytes(deps.db, deps.storage, agencyId, checked.document.id),
    signers: bySigningOrder(input),
    message: input.customMessage,
    securityLevel: input.securityLevel,
  })
  return deps.db.transaction(async (tx) => {
    const signing = await findVisibleSigningDocument(tx, ctx, input.documentId, { forUpdate: true })
    assertSendable(signing)
    const now = new Date()
    const rows = bySigningOrder(input).map((signer) => ({
      id: randomUUID(),
      agencyId,
      signingDocumentId: signing.document.id,
      name: signer.name,
      email: signer.email,
      role: signer.role,
      signingOrder: signer.signingOrder,
      providerSignatureId:
        accepted.signers.find((each) => each.email === signer.email)?.providerSignatureId ?? null,
      status: signer.signingOrder === 1 ? ('sent' as const) : ('waiting' as const),
      sentAt: signer.signingOrder === 1 ? now : null,
    }))
    await repository.insertSigners(tx, rows)
    await markSent(tx, ctx, signing, input, provider.id, accepted.requestId)
    return rows.map((row) =>
      signerState({ ...row, viewedAt: null, signedAt: null, expiresAt: null } as repository.SignerRow),
    )
  })
}

/** POST /api/esigning/send-document: by the product's links unless a third party is named. */
export async function sendDocument(deps: EsigningDeps, ctx: Ctx, input: SendDocumentInput) {
  const providerId = input.provider ?? 'email'
  let signers: SignerState[]
  if (providerId === 'email') signers = await sendByEmail(deps, ctx, input)
  else {
    const provider = deps.providers.get(providerId)
    if (!provider) {
      throw new AppError('INVALID_INPUT', {
        message: ESIGNING_TEXTS.providerRequired,
        fieldErrors: [{ path: 'provider', message: ESIGNING_TEXTS.providerRequired }],
      })
    }
    signers = await sendThroughProvider(deps, ctx, input, provider)
  }
  return { success: true as const, documentId: input.documentId, provider: providerId, signers }
}
