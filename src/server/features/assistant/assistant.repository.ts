import { and, asc, desc, eq, or, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { aiConversations, aiFormSuggestions, aiMessages } from './assistant.table.ts'

export type ConversationRow = typeof aiConversations.$inferSelect
export type MessageRow = typeof aiMessages.$inferSelect
export type SuggestionRow = typeof aiFormSuggestions.$inferSelect

const owned = (agencyId: string, userId: string) =>
  and(eq(aiConversations.agencyId, agencyId), eq(aiConversations.userId, userId))

export async function insertConversation(executor: Executor, row: typeof aiConversations.$inferInsert) {
  const [created] = await executor.insert(aiConversations).values(row).returning()
  return created!
}

/** The user's own conversations, most recently active first. */
export function findConversations(executor: Executor, agencyId: string, userId: string, limit: number) {
  return executor
    .select()
    .from(aiConversations)
    .where(owned(agencyId, userId))
    .orderBy(desc(aiConversations.updatedAt), desc(aiConversations.id))
    .limit(limit)
}

/** One of the user's conversations; another user's (or agency's) is absent, as a missing one. */
export async function findConversation(executor: Executor, agencyId: string, userId: string, id: string) {
  const [row] = await executor
    .select()
    .from(aiConversations)
    .where(and(owned(agencyId, userId), eq(aiConversations.id, id)))
  return row
}

/** Takes a title when it has none yet (the first message's), and marks the conversation active. */
export async function touchConversation(executor: Executor, id: string, title: string) {
  await executor
    .update(aiConversations)
    .set({
      updatedAt: new Date(),
      title: sql`case when ${aiConversations.title} = '' then ${title} else ${aiConversations.title} end`,
    })
    .where(eq(aiConversations.id, id))
}

export function findMessages(executor: Executor, agencyId: string, conversationId: string, limit = 500) {
  return executor
    .select()
    .from(aiMessages)
    .where(and(eq(aiMessages.agencyId, agencyId), eq(aiMessages.conversationId, conversationId)))
    .orderBy(asc(aiMessages.createdAt), asc(aiMessages.id))
    .limit(limit)
}

/** The last `limit` messages, oldest first: what a model is given as the conversation so far. */
export async function findLatestMessages(
  executor: Executor,
  agencyId: string,
  conversationId: string,
  limit: number,
) {
  const rows = await executor
    .select()
    .from(aiMessages)
    .where(and(eq(aiMessages.agencyId, agencyId), eq(aiMessages.conversationId, conversationId)))
    .orderBy(desc(aiMessages.createdAt), desc(aiMessages.id))
    .limit(limit)
  return rows.reverse()
}

export async function insertMessage(executor: Executor, row: typeof aiMessages.$inferInsert) {
  const [created] = await executor.insert(aiMessages).values(row).returning()
  return created!
}

/** The user's open (not accepted) suggestions among these fields and values. */
export function findOpenSuggestions(
  executor: Executor,
  key: { agencyId: string; userId: string; formType: string },
  pairs: { fieldName: string; suggestedValue: string }[],
) {
  if (pairs.length === 0) return Promise.resolve([])
  return executor
    .select()
    .from(aiFormSuggestions)
    .where(
      and(
        eq(aiFormSuggestions.agencyId, key.agencyId),
        eq(aiFormSuggestions.userId, key.userId),
        eq(aiFormSuggestions.formType, key.formType),
        eq(aiFormSuggestions.isAccepted, false),
        or(
          ...pairs.map((pair) =>
            and(
              eq(aiFormSuggestions.fieldName, pair.fieldName),
              eq(aiFormSuggestions.suggestedValue, pair.suggestedValue),
            ),
          ),
        ),
      ),
    )
}

/** New suggestions; one already open for the same field and value (made meanwhile) is skipped. */
export function insertSuggestions(executor: Executor, rows: (typeof aiFormSuggestions.$inferInsert)[]) {
  if (rows.length === 0) return Promise.resolve([])
  return executor.insert(aiFormSuggestions).values(rows).onConflictDoNothing().returning()
}

/** An open suggestion whose reason or confidence moved (the same value, from other facts). */
export async function refreshSuggestion(executor: Executor, id: string, confidence: number, basedOn: string) {
  const [row] = await executor
    .update(aiFormSuggestions)
    .set({ confidence, basedOn })
    .where(eq(aiFormSuggestions.id, id))
    .returning()
  return row!
}

export function findSuggestions(
  executor: Executor,
  agencyId: string,
  userId: string,
  formType: string,
  limit: number,
) {
  return executor
    .select()
    .from(aiFormSuggestions)
    .where(
      and(
        eq(aiFormSuggestions.agencyId, agencyId),
        eq(aiFormSuggestions.userId, userId),
        eq(aiFormSuggestions.formType, formType),
      ),
    )
    .orderBy(desc(aiFormSuggestions.createdAt), desc(aiFormSuggestions.confidence))
    .limit(limit)
}

export async function findSuggestion(executor: Executor, agencyId: string, userId: string, id: string) {
  const [row] = await executor
    .select()
    .from(aiFormSuggestions)
    .where(
      and(
        eq(aiFormSuggestions.agencyId, agencyId),
        eq(aiFormSuggestions.userId, userId),
        eq(aiFormSuggestions.id, id),
      ),
    )
  return row
}

export async function setSuggestionAccepted(executor: Executor, id: string, isAccepted: boolean) {
  const [row] = await executor
    .update(aiFormSuggestions)
    .set({ isAccepted, acceptedAt: isAccepted ? new Date() : null })
    .where(eq(aiFormSuggestions.id, id))
    .returning()
  return row!
}

/** Un-accepting a suggestion reopens it: an open twin of the same value gives way to it. */
export async function deleteOpenTwin(executor: Executor, row: SuggestionRow) {
  await executor
    .delete(aiFormSuggestions)
    .where(
      and(
        eq(aiFormSuggestions.agencyId, row.agencyId),
        eq(aiFormSuggestions.userId, row.userId),
        eq(aiFormSuggestions.formType, row.formType),
        eq(aiFormSuggestions.fieldName, row.fieldName),
        eq(aiFormSuggestions.suggestedValue, row.suggestedValue),
        eq(aiFormSuggestions.isAccepted, false),
        sql`${aiFormSuggestions.id} <> ${row.id}`,
      ),
    )
}
