import type { z } from 'zod'
import type { Db, Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type {
  AssistantKind,
  ChatMessage,
  Conversation,
  ConversationSummary,
  ConversationType,
  CreateConversationSchema,
} from '#shared/contracts/assistant.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import * as repository from './assistant.repository.ts'

export const notFound = () => new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })

/** How many conversations the widget lists (the most recently active). */
const LIST_SIZE = 50

export function toSummary(row: repository.ConversationRow): ConversationSummary {
  return {
    id: row.id,
    title: row.title,
    conversationType: row.conversationType as ConversationType,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export function toChatMessage(row: repository.MessageRow): ChatMessage {
  return {
    id: row.id,
    role: row.role as ChatMessage['role'],
    content: row.content,
    attachments: row.attachments,
    timestamp: row.createdAt.toISOString(),
    answeredBy: (row.answeredBy as AssistantKind | null) ?? null,
    citations: row.citations,
  }
}

export async function listConversations(db: Executor, { actor }: Ctx): Promise<ConversationSummary[]> {
  const rows = await repository.findConversations(db, actor.agencyId, actor.userId, LIST_SIZE)
  return rows.map(toSummary)
}

/** One of the caller's own conversations: a colleague's answers 404, as a missing one. */
export async function getConversation(db: Executor, { actor }: Ctx, id: string): Promise<Conversation> {
  const row = await repository.findConversation(db, actor.agencyId, actor.userId, id)
  if (!row) throw notFound()
  const messages = await repository.findMessages(db, actor.agencyId, id)
  return { ...toSummary(row), metadata: row.metadata, messages: messages.map(toChatMessage) }
}

/** A new conversation; without a title it takes the first message's (spec §9). */
export async function createConversation(
  db: Db,
  ctx: Ctx,
  input: z.output<typeof CreateConversationSchema>,
): Promise<Conversation> {
  return db.transaction(async (tx) => {
    const row = await insertConversation(tx, ctx, input)
    return { ...toSummary(row), metadata: row.metadata, messages: [] }
  })
}

export async function insertConversation(
  tx: Executor,
  ctx: Ctx,
  input: { conversationType: ConversationType; title?: string; metadata?: Record<string, unknown> },
) {
  const { agencyId, userId } = ctx.actor
  const row = await repository.insertConversation(tx, {
    agencyId,
    userId,
    conversationType: input.conversationType,
    title: input.title ?? '',
    metadata: input.metadata ?? {},
  })
  await recordAudit(tx, ctx, {
    action: 'assistant.conversation_created',
    entity: { type: 'ai_conversation', id: row.id },
    details: { conversationType: row.conversationType },
  })
  return row
}
