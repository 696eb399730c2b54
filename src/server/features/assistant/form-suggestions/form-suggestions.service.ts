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

const keyOf = (row: { fieldName: string; suggestedValue: string }) =>
  `${row.fieldName}\u0000${row.suggestedValue}`

/**
 * Works out suggestions for the form's values, best first, and keeps them. One already open for the
 * same field and value is answered again (the form asks each time its values settle), so only new
 * ones are written and audited. The form's values themselves are not stored.
 */
export async function generateFormSuggestions(
  db: Db,
  ctx: Ctx,
  input: { formType: FormType; formData: Record<string, unknown> },
) {
  const { suggestions: found, notes } = suggestValues(input.formType, input.formData)
  const suggestions = found.slice(0, MAX_STORED)
  const { agencyId, userId } = ctx.actor
  const key = { agencyId, userId, formType: input.formType }
  const rows = await db.transaction(async (tx) => {
    const open = new Map(
      (await repository.findOpenSuggestions(tx, key, suggestions)).map((row) => [keyOf(row), row]),
    )
    const fresh = suggestions.filter((suggestion) => !open.has(keyOf(suggestion)))
    const inserted = await repository.insertSuggestions(
      tx,
      fresh.map((suggestion) => ({ ...suggestion, ...key })),
    )
    if (inserted.length > 0)
      await recordAudit(tx, ctx, {
        action: 'assistant.suggestions_generated',
        entity: { type: 'form', id: input.formType },
        details: { fields: inserted.map((row) => row.fieldName) },
      })
    for (const row of inserted) open.set(keyOf(row), row)
    const kept: repository.SuggestionRow[] = []
    for (const suggestion of suggestions) {
      let row = open.get(keyOf(suggestion))
      if (!row) continue
      if (Math.abs(row.confidence - suggestion.confidence) > 1e-6 || row.basedOn !== suggestion.basedOn)
        row = await repository.refreshSuggestion(tx, row.id, suggestion.confidence, suggestion.basedOn)
      kept.push(row)
    }
    return kept
  })
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
      action: isAccepted ? 'assistant.suggestion_accepted' : 'assistant.suggestion_withdrawn',
      entity: { type: 'form_suggestion', id: id },
      details: { formType: row.formType, fieldName: row.fieldName },
    })
    return toSuggestion(updated)
  })
}
