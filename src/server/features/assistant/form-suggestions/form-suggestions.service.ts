import type { Db, Executor } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { FormSuggestion, FormType } from '#shared/contracts/form-suggestions.contract.ts'
import * as repository from '../assistant.repository.ts'
import { notFound } from '../conversations.service.ts'
import { suggestValues } from './suggest-values.ts'

/** The most suggestions one generation stores (a full auto application gives about nine). */
const MAX_STORED = 12
const LIST_SIZE = 20

function toSuggestion(row: repository.SuggestionRow): FormSuggestion {
  return {
    id: row.id,
    formType: row.formType as FormType,
    fieldName: row.fieldName,
    suggestedValue: row.suggestedValue,
    confidence: Math.round(row.confidence * 100) / 100,
    basedOn: row.basedOn,
    isAccepted: row.isAccepted,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * Works out suggestions for the form's values and keeps them (an open one already kept for the
 * same field and value is reused), best first. The form's values themselves are not stored.
 */
export async function generateFormSuggestions(
  db: Db,
  ctx: Ctx,
  input: { formType: FormType; formData: Record<string, unknown> },
) {
  const { suggestions, notes } = suggestValues(input.formType, input.formData)
  const { agencyId, userId } = ctx.actor
  const rows = await db.transaction(async (tx) => {
    const kept = await repository.upsertSuggestions(
      tx,
      suggestions
        .slice(0, MAX_STORED)
        .map((suggestion) => ({ ...suggestion, agencyId, userId, formType: input.formType })),
    )
    if (kept.length > 0)
      await recordAudit(tx, ctx, {
        agencyId,
        actorUserId: userId,
        action: 'assistant.suggestions_generated',
        entityType: 'form',
        entityId: input.formType,
        details: { fields: kept.map((row) => row.fieldName) },
      })
    return kept
  })
  const order = new Map(
    suggestions.map((suggestion, index) => [
      `${suggestion.fieldName}\u0000${suggestion.suggestedValue}`,
      index,
    ]),
  )
  rows.sort(
    (a, b) =>
      (order.get(`${a.fieldName}\u0000${a.suggestedValue}`) ?? 0) -
      (order.get(`${b.fieldName}\u0000${b.suggestedValue}`) ?? 0),
  )
  return { suggestions: rows.map(toSuggestion), notes }
}

/** The caller's latest suggestions for a form type, newest first, accepted ones included. */
export async function listFormSuggestions(db: Executor, { actor }: Ctx, formType: FormType) {
  const rows = await repository.findSuggestions(db, actor.agencyId, actor.userId, formType, LIST_SIZE)
  return rows.map(toSuggestion)
}

/** Accepting fills the field in the browser; here it is kept, with when. Another user's answers 404. */
export async function setSuggestionAccepted(db: Db, ctx: Ctx, id: string, isAccepted: boolean) {
  const { agencyId, userId } = ctx.actor
  return db.transaction(async (tx) => {
    const row = await repository.findSuggestion(tx, agencyId, userId, id)
    if (!row) throw notFound()
    if (row.isAccepted === isAccepted) return toSuggestion(row)
    if (!isAccepted) await repository.deleteOpenTwin(tx, row)
    const updated = await repository.setSuggestionAccepted(tx, id, isAccepted)
    await recordAudit(tx, ctx, {
      agencyId,
      actorUserId: userId,
      action: isAccepted ? 'assistant.suggestion_accepted' : 'assistant.suggestion_withdrawn',
      entityType: 'form_suggestion',
      entityId: id,
      details: { formType: row.formType, fieldName: row.fieldName },
    })
    return toSuggestion(updated)
  })
}
