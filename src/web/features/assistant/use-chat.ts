import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import {
  type AssistantKind,
  type ChatMessage,
  type Conversation,
  type ConversationType,
  titleFromMessage,
} from '#shared/contracts/assistant.contract.ts'
import { isApiError } from '#web/lib/api.ts'
import { queryKeys } from '#web/lib/query-keys.ts'
import { createConversation, streamMessage } from './assistant.queries.ts'

export interface PendingTurn {
  question: string
  /** The answer so far, as it streams in. */
  answer: string
  answeredBy: AssistantKind | null
}

const FAILED = 'The message could not be sent. Check your connection and try again.'

/**
 * Sending a message: the conversation is created with the first one (spec §4, titled with its
 * first 50 characters), then the answer streams in; the stored messages join the cached
 * conversation as they are confirmed.
 */
export function useChat(conversationId: string | null, setConversationId: (id: string) => void) {
  const queryClient = useQueryClient()
  const [pending, setPending] = useState<PendingTurn | null>(null)
  const [error, setError] = useState<string | null>(null)

  const append = (id: string, message: ChatMessage) =>
    queryClient.setQueryData<Conversation>(queryKeys.assistant.conversation(id), (conversation) =>
      conversation ? { ...conversation, messages: [...conversation.messages, message] } : conversation,
    )

  async function send(text: string, conversationType: ConversationType, page: string) {
    const question = text.trim()
    if (!question || pending) return
    setError(null)
    setPending({ question, answer: '', answeredBy: null })
    try {
      let id = conversationId
      if (!id) {
        const created = await createConversation({
          conversationType,
          title: titleFromMessage(question),
          metadata: { page },
        })
        id = created.id
        queryClient.setQueryData(queryKeys.assistant.conversation(id), created)
        setConversationId(id)
      }
      const target = id
      await streamMessage({ conversationId: target, content: question }, (event) => {
        if (event.type === 'start') {
          append(target, event.userMessage)
          setPending((turn) => turn && { ...turn, answeredBy: event.answeredBy })
        } else if (event.type === 'delta') {
          setPending((turn) => turn && { ...turn, answer: turn.answer + event.text })
        } else if (event.type === 'done') {
          append(target, event.reply)
          setPending(null)
        } else {
          setError(event.message)
        }
      })
      await queryClient.invalidateQueries({ queryKey: queryKeys.assistant.conversations, exact: true })
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : FAILED)
    } finally {
      setPending(null)
    }
  }

  return { pending, error, send }
}
