import type { z } from 'zod'
import type { Db } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import {
  type ChatMessage,
  type SendMessageSchema,
  titleFromMessage,
} from '#shared/contracts/assistant.contract.ts'
import * as repository from './assistant.repository.ts'
import type { AssistantProvider } from './assistant-provider.ts'
import { insertConversation, notFound, toChatMessage } from './conversations.service.ts'

type SendMessageInput = z.output<typeof SendMessageSchema>

/** The earlier messages a model is given with a question. */
const HISTORY_SIZE = 20

export interface SendMessageEvents {
  /** The user's message is stored (in its conversation, new or not): the answer follows. */
  onStart?: (conversationId: string, userMessage: ChatMessage) => void
  onDelta?: (text: string) => void
}

/**
 * Stores the user's message (starting a conversation if none is named), asks the assistant, and
 * stores its answer. The question is committed before the assistant is asked, so a slow model holds
 * no transaction open; a failed model leaves a system notice in place of the answer.
 */
export async function sendMessage(
  db: Db,
  provider: AssistantProvider,
  ctx: Ctx,
  input: SendMessageInput,
  events: SendMessageEvents = {},
): Promise<{ conversationId: string; userMessage: ChatMessage; reply: ChatMessage }> {
  const { agencyId, userId } = ctx.actor
  const stored = await db.transaction(async (tx) => {
    const conversation = input.conversationId
      ? await repository.findConversation(tx, agencyId, userId, input.conversationId)
      : await insertConversation(tx, ctx, { conversationType: input.conversationType ?? 'advice' })
    if (!conversation) throw notFound()
    const history = await repository.findLatestMessages(tx, agencyId, conversation.id, HISTORY_SIZE)
    const message = await repository.insertMessage(tx, {
      agencyId,
      conversationId: conversation.id,
      role: 'user',
      content: input.content,
    })
    await repository.touchConversation(tx, conversation.id, titleFromMessage(input.content))
    return { conversationId: conversation.id, message, history }
  })
  const userMessage = toChatMessage(stored.message)
  events.onStart?.(stored.conversationId, userMessage)

  const answer = await provider.answer({
    question: input.content,
    history: stored.history
      .filter((row) => row.role === 'user' || row.role === 'assistant')
      .map((row) => ({ role: row.role as 'user' | 'assistant', content: row.content })),
    db,
    ctx,
    onDelta: (text) => events.onDelta?.(text),
  })

  const reply = await db.transaction(async (tx) => {
    const row = await repository.insertMessage(tx, {
      agencyId,
      conversationId: stored.conversationId,
      role: answer.failed ? 'system' : 'assistant',
      content: answer.content,
      answeredBy: provider.kind,
      citations: answer.citations,
    })
    await repository.touchConversation(tx, stored.conversationId, '')
    await recordAudit(tx, ctx, {
      agencyId,
      actorUserId: userId,
      action: 'assistant.message_sent',
      entityType: 'ai_conversation',
      entityId: stored.conversationId,
      details: { answeredBy: provider.kind, tools: answer.toolsUsed, failed: answer.failed === true },
    })
    return toChatMessage(row)
  })
  return { conversationId: stored.conversationId, userMessage, reply }
}
