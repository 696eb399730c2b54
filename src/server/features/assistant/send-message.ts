import type { z } from 'zod'
import type { Db, Executor } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import {
  type ChatMessage,
  type SendMessageSchema,
  titleFromMessage,
} from '#shared/contracts/assistant.contract.ts'
import * as repository from './assistant.repository.ts'
import type { AssistantAnswer, AssistantProvider } from './assistant-provider.service.ts'
import { insertConversation, notFound, toChatMessage } from './conversations.service.ts'

type SendMessageInput = z.output<typeof SendMessageSchema>

/** The earlier messages a model is given with a question. */
const HISTORY_SIZE = 20

export interface SendMessageEvents {
  /** The user's message is stored (in its conversation, new or not): the answer follows. */
  onStart?: (conversationId: string, userMessage: ChatMessage) => void
  onDelta?: (text: string) => void
}

export interface SentMessage {
  conversationId: string
  userMessage: ChatMessage
  reply: ChatMessage
}

/**
 * Stores the user's message (starting a conversation if none is named), asks the assistant, and
 * stores its answer. The built-in assistant answers at once, so all of it is one transaction; a
 * model may take its time, so its question is committed first and no transaction waits on it. A
 * failed model leaves a system notice in place of the answer.
 */
export async function sendMessage(
  db: Db,
  provider: AssistantProvider,
  ctx: Ctx,
  input: SendMessageInput,
  events: SendMessageEvents = {},
): Promise<SentMessage> {
  if (!provider.needsHistory) {
    return db.transaction(async (tx) => {
      const question = await storeQuestion(tx, ctx, input, 0)
      events.onStart?.(question.conversationId, question.userMessage)
      const answer = await ask(tx, provider, ctx, input.content, [], events)
      return {
        ...question,
        reply: await storeAnswer(tx, provider, ctx, question.conversationId, question.userMessage, answer),
      }
    })
  }
  const question = await db.transaction((tx) => storeQuestion(tx, ctx, input, HISTORY_SIZE))
  events.onStart?.(question.conversationId, question.userMessage)
  const answer = await ask(db, provider, ctx, input.content, question.history, events)
  const reply = await db.transaction((tx) =>
    storeAnswer(tx, provider, ctx, question.conversationId, question.userMessage, answer),
  )
  return { conversationId: question.conversationId, userMessage: question.userMessage, reply }
}

async function storeQuestion(tx: Executor, ctx: Ctx, input: SendMessageInput, historySize: number) {
  const { agencyId, userId } = ctx.actor
  const conversation = input.conversationId
    ? await repository.findConversation(tx, agencyId, userId, input.conversationId)
    : await insertConversation(tx, ctx, { conversationType: input.conversationType ?? 'advice' })
  if (!conversation) throw notFound()
  const history =
    historySize > 0 && input.conversationId
      ? await repository.findLatestMessages(tx, agencyId, conversation.id, historySize)
      : []
  const message = await repository.insertMessage(tx, {
    agencyId,
    conversationId: conversation.id,
    role: 'user',
    content: input.content,
    // Set here, not by the database: within one transaction now() is the same for the question
    // and its answer, and the conversation is read back in this order.
    createdAt: new Date(),
  })
  await repository.touchConversation(tx, conversation.id, titleFromMessage(input.content))
  return { conversationId: conversation.id, userMessage: toChatMessage(message), history }
}

function ask(
  db: Executor,
  provider: AssistantProvider,
  ctx: Ctx,
  question: string,
  history: repository.MessageRow[],
  events: SendMessageEvents,
): Promise<AssistantAnswer> {
  return provider.answer({
    question,
    history: history
      .filter((row) => row.role === 'user' || row.role === 'assistant')
      .map((row) => ({ role: row.role as 'user' | 'assistant', content: row.content })),
    db,
    ctx,
    onDelta: (text) => events.onDelta?.(text),
  })
}

async function storeAnswer(
  tx: Executor,
  provider: AssistantProvider,
  ctx: Ctx,
  conversationId: string,
  question: ChatMessage,
  answer: AssistantAnswer,
): Promise<ChatMessage> {
  const { agencyId } = ctx.actor
  const row = await repository.insertMessage(tx, {
    agencyId,
    conversationId,
    createdAt: new Date(Math.max(Date.now(), Date.parse(question.timestamp) + 1)),
    role: answer.failed ? 'system' : 'assistant',
    content: answer.content,
    answeredBy: provider.kind,
    citations: answer.citations,
  })
  await recordAudit(tx, ctx, {
    action: 'assistant.message_sent',
    entity: { type: 'ai_conversation', id: conversationId },
    details: { answeredBy: provider.kind, tools: answer.toolsUsed, failed: answer.failed === true },
  })
  return toChatMessage(row)
}
