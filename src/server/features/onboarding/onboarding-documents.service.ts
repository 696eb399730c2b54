import type { z } from 'zod'
import type { Db, Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import { documentDownloadPath } from '#shared/contracts/documents.contract.ts'
import type {
  DocumentChangeSchema,
  DocumentInputSchema,
  OnboardingDocument,
} from '#shared/contracts/onboarding-records.contract.ts'
import { ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { daysBetween, isoDay } from '#shared/domain/license-status.ts'
import {
  DOCUMENT_REVIEW,
  type OnboardingDocumentStatus,
  refusedDocumentMove,
} from '#shared/domain/onboarding-records.ts'
import { agentFilter, agentForForm, agentName, type Scope, scopeOf } from './onboarding-access.service.ts'
import * as repository from './onboarding-documents.repository.ts'
import { recordAgentChange, updateAgentRecord } from './record-agent-change.ts'

type DocumentInput = z.output<typeof DocumentInputSchema>
type DocumentChange = z.output<typeof DocumentChangeSchema>

export function toOnboardingDocument({
  document,
  agentCode,
  firstName,
  lastName,
}: repository.DocumentWithAgent): OnboardingDocument {
  const file =
    document.fileDocumentId && document.fileName
      ? { id: document.fileDocumentId, fileName: document.fileName, fileSize: document.fileSize ?? 0 }
      : null
  return {
    id: document.id,
    agentId: agentCode,
    agentName: agentName({ firstName, lastName }),
    documentType: document.documentType,
    documentName: document.documentName,
    documentUrl: file ? documentDownloadPath(file.id) : document.documentUrl,
    file,
    expirationDate: document.expirationDate,
    daysUntilExpiration: document.expirationDate ? daysBetween(isoDay(), document.expirationDate) : null,
    isRequired: document.isRequired,
    status: document.status,
    reviewedAt: document.reviewedAt?.toISOString() ?? null,
    reviewNotes: document.reviewNotes,
    createdAt: document.createdAt.toISOString(),
    updatedAt: document.updatedAt.toISOString(),
  }
}

export async function readDocument(executor: Executor, agencyId: string, id: string) {
  const [row] = await repository.listDocuments(executor, agencyId, { id })
  return toOnboardingDocument(row!)
}

export async function listOnboardingDocuments(db: Db, ctx: Ctx, agentCode: string | undefined) {
  const scope = await scopeOf(db, ctx)
  const agentId = await agentFilter(db, scope, agentCode)
  const rows = await repository.listDocuments(db, scope.agencyId, { agentId })
  return rows.map(toOnboardingDocument)
}

/** A new document waits for review (pending), whoever adds it. */
export async function addOnboardingDocument(
  db: Db,
  ctx: Ctx,
  input: DocumentInput,
): Promise<OnboardingDocument> {
  const { agencyId } = ctx.actor
  return db.transaction(async (tx) => {
    const agent = await agentForForm(tx, await scopeOf(tx, ctx), input.agentId)
    const { agentId: _code, ...fields } = input
    const id = await repository.insertDocument(tx, {
      ...fields,
      agencyId,
      agentId: agent.id,
      status: 'pending',
    })
    await recordAgentChange(tx, ctx, {
      agentId: agent.id,
      action: 'onboarding.document_added',
      entity: { type: 'onboarding_document', id: id },
      details: { documentType: input.documentType, isRequired: input.isRequired },
    })
    return readDocument(tx, agencyId, id)
  })
}

/** What was reviewed: whether a change alters any of it (a form re-sends every field as it was). */
function changesContent(
  current: repository.OnboardingDocumentRow,
  change: DocumentChange,
  agentId: string | null,
) {
  const differs = <K extends 'documentType' | 'documentName' | 'documentUrl' | 'expirationDate'>(key: K) =>
    change[key] !== undefined && change[key] !== current[key]
  return (
    (agentId !== null && agentId !== current.agentId) ||
    differs('documentType') ||
    differs('documentName') ||
    differs('documentUrl') ||
    differs('expirationDate')
  )
}

/**
 * The status a change leads to. Approve and reject (and needs revision) are an admin's, only while
 * pending, each with its note and the server's review time. An agent's change to what was
 * reviewed (its name, type, date or link) sends it back to review, so an approval always covers
 * what is on file now.
 */
function nextStatus(
  scope: Scope,
  current: OnboardingDocumentStatus,
  change: DocumentChange,
  touched: boolean,
) {
  if (change.status !== undefined && change.status !== current) {
    if (!scope.admin && change.status !== 'pending')
      throw new AppError('FORBIDDEN', { message: T.reviewAdminOnly })
    const refused = refusedDocumentMove(current, change.status)
    if (refused) throw new AppError('CONFLICT', { message: refused })
    return change.status
  }
  return !scope.admin && touched && current !== 'pending' ? 'pending' : current
}

function reviewOf(
  to: OnboardingDocumentStatus,
  from: OnboardingDocumentStatus,
  change: DocumentChange,
  userId: string,
) {
  if (to === from) return change.reviewNotes !== undefined ? { reviewNotes: change.reviewNotes } : {}
  if (to === 'pending') return { reviewedAt: null, reviewedBy: null, reviewNotes: null }
  const note =
    to === 'approved'
      ? DOCUMENT_REVIEW.approve.reviewNotes
      : to === 'rejected'
        ? DOCUMENT_REVIEW.reject.reviewNotes
        : null
  return { reviewedAt: new Date(), reviewedBy: userId, reviewNotes: change.reviewNotes ?? note }
}

export async function updateOnboardingDocument(
  db: Db,
  ctx: Ctx,
  id: string,
  change: DocumentChange,
): Promise<OnboardingDocument> {
  return updateAgentRecord(db, ctx, {
    find: (tx, agencyId) => repository.findDocument(tx, agencyId, id),
    change: async (tx, scope, current) => {
      const { agentId: code, status: _status, reviewedAt: _at, reviewNotes: _notes, ...fields } = change
      const agent = code ? await agentForForm(tx, scope, code) : null
      const status = nextStatus(
        scope,
        current.status,
        change,
        changesContent(current, change, agent?.id ?? null),
      )
      await repository.updateDocument(tx, scope.agencyId, id, {
        ...fields,
        ...(agent ? { agentId: agent.id } : {}),
        status,
        ...reviewOf(status, current.status, change, ctx.actor.userId),
      })
      return {
        agentId: agent?.id ?? current.agentId,
        action:
          status !== current.status && status !== 'pending'
            ? 'onboarding.document_reviewed'
            : 'onboarding.document_updated',
        entity: { type: 'onboarding_document', id: id },
        details: {
          fields: Object.keys(change),
          ...(status !== current.status ? { from: current.status, to: status } : {}),
        },
      }
    },
    read: (tx, agencyId) => readDocument(tx, agencyId, id),
  })
}
