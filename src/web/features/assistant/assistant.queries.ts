import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  type CreateConversationSchema,
  createConversationCall,
  getAssistantInfoCall,
  getConversationCall,
  listConversationsCall,
  type SendMessageInput,
  type StreamEvent,
  StreamEventSchema,
} from '#shared/contracts/assistant.contract.ts'
import { routeOf } from '#shared/contracts/call.ts'
import type {
  GenerateSuggestionsInput,
  generateFormSuggestionsCall,
  updateFormSuggestionCall,
} from '#shared/contracts/form-suggestions.contract.ts'
import { apiErrorOf, callApi } from '#web/lib/api.ts'
import { queryKeys } from '#web/lib/query-keys.ts'

const generateFormSuggestionsRoute = routeOf<typeof generateFormSuggestionsCall>(
  'POST',
  '/api/ai/form-suggestions/generate',
)
const updateFormSuggestionRoute = routeOf<typeof updateFormSuggestionCall>(
  'PATCH',
  '/api/ai/form-suggestions/:id',
)

export const assistantInfoQuery = queryOptions({
  queryKey: queryKeys.assistant.info,
  queryFn: ({ signal }) => callApi(getAssistantInfoCall, { signal }),
})

/** Spec §7: the list is asked for only while the assistant is open. */
export const conversationsQuery = (open: boolean) =>
  queryOptions({
    queryKey: queryKeys.assistant.conversations,
    queryFn: ({ signal }) => callApi(listConversationsCall, { signal }),
    enabled: open,
  })

export const conversationQuery = (id: string | null) =>
  queryOptions({
    queryKey: queryKeys.assistant.conversation(id ?? ''),
    queryFn: ({ signal }) => callApi(getConversationCall, { params: { id: id! }, signal }),
    enabled: id !== null,
  })

export function createConversation(body: z.input<typeof CreateConversationSchema>) {
  return callApi(createConversationCall, { body })
}

/**
 * Sends a message and reads the answer as it streams (one JSON object a line), calling `onEvent`
 * for each. Rejects with the server's error (e.g. a 400 for a blank message) before any event.
 */
export async function streamMessage(
  body: SendMessageInput,
  onEvent: (event: StreamEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const response = await fetch('/api/ai/messages', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
    body: JSON.stringify(body),
    signal,
  })
  if (!response.ok || !response.body) throw await apiErrorOf(response)
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    buffer += value ?? ''
    const lines = buffer.split('\n')
    buffer = done ? '' : (lines.pop() ?? '')
    for (const line of lines) if (line.trim()) onEvent(StreamEventSchema.parse(JSON.parse(line)))
    if (done) return
  }
}

export function generateSuggestions(body: GenerateSuggestionsInput, signal?: AbortSignal) {
  return callApi(generateFormSuggestionsRoute, { body, signal })
}

export function acceptSuggestion(id: string) {
  return callApi(updateFormSuggestionRoute, { params: { id }, body: { isAccepted: true } })
}
