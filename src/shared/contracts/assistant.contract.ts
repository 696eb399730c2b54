import { z } from 'zod'
import { defineCall } from './call.ts'

/** Texts of spec part 3 §2 (AI assistant widget), §5, §8 and §9, and our own where it shows none. */
export const ASSISTANT_TEXTS = {
  open: 'Open the assistant',
  title: 'Assistant',
  placeholder: 'Ask a question... (Enter sends, Shift+Enter for a new line)',
  blankMessage: 'Type a message before sending',
  tooLong: 'Use at most {max} characters',
  conversationType: 'Choose a conversation type: form_filling, advice or troubleshooting',
  builtInLabel: 'Built-in assistant (no AI model)',
  modelLabel: 'AI model: {model}',
  suggestionsGenerated: 'Form suggestions generated!',
  greeting:
    "Hi! Ask me how the platform works, or about your agency's data: clients, applications, carriers and how much of your plan is left this month.",
} as const

export const CONVERSATION_TYPES = ['form_filling', 'advice', 'troubleshooting'] as const
export type ConversationType = (typeof CONVERSATION_TYPES)[number]
export const MESSAGE_ROLES = ['user', 'system', 'assistant'] as const
/** Which assistant answered: the built-in one, or the configured model. */
export const ASSISTANT_KINDS = ['built_in', 'model'] as const
export type AssistantKind = (typeof ASSISTANT_KINDS)[number]

/** Spec §9: a conversation's title is the first 50 characters of its first message. */
export const TITLE_LENGTH = 50
export const MESSAGE_MAX_LENGTH = 4000

export function titleFromMessage(content: string): string {
  return [...content.trim().replace(/\s+/g, ' ')].slice(0, TITLE_LENGTH).join('')
}

const T = ASSISTANT_TEXTS

export const CitationSchema = z.object({ title: z.string(), url: z.string() })
export type Citation = z.infer<typeof CitationSchema>

export const ChatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(MESSAGE_ROLES),
  content: z.string(),
  attachments: z.array(z.unknown()),
  timestamp: z.string(),
  /** Who wrote an assistant or system message; null for the user's own. */
  answeredBy: z.enum(ASSISTANT_KINDS).nullable(),
  citations: z.array(CitationSchema),
})
export type ChatMessage = z.infer<typeof ChatMessageSchema>

export const ConversationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  conversationType: z.enum(CONVERSATION_TYPES),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>

export const ConversationSchema = ConversationSummarySchema.extend({
  metadata: z.record(z.string(), z.unknown()),
  messages: z.array(ChatMessageSchema),
})
export type Conversation = z.infer<typeof ConversationSchema>

const IdParams = z.object({ id: z.uuid({ message: 'Not found' }) })

/** The assistant that will answer, so the widget labels it before the first answer. */
export const getAssistantInfoCall = defineCall({
  method: 'GET',
  path: '/api/ai/assistant',
  response: z.object({ kind: z.enum(ASSISTANT_KINDS), label: z.string() }),
})

export const listConversationsCall = defineCall({
  method: 'GET',
  path: '/api/ai/conversations',
  response: z.array(ConversationSummarySchema),
})

export const getConversationCall = defineCall({
  method: 'GET',
  path: '/api/ai/conversations/:id',
  params: IdParams,
  response: ConversationSchema,
})

export const CreateConversationSchema = z.object({
  conversationType: z.enum(CONVERSATION_TYPES, { message: T.conversationType }).default('advice'),
  title: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? titleFromMessage(value) : undefined)),
  metadata: z.record(z.string(), z.unknown()).default({}),
})

export const createConversationCall = defineCall({
  method: 'POST',
  path: '/api/ai/conversations',
  body: CreateConversationSchema,
  status: 201,
  response: ConversationSchema,
})

export const SendMessageSchema = z.object({
  /** Absent: a new conversation is started with this message (spec §4). */
  conversationId: z.uuid({ message: 'Not found' }).optional(),
  content: z
    .string({ message: T.blankMessage })
    .trim()
    .min(1, T.blankMessage)
    .max(MESSAGE_MAX_LENGTH, T.tooLong.replace('{max}', String(MESSAGE_MAX_LENGTH))),
  messageType: z.literal('text', { message: 'Only text messages are supported' }).default('text'),
  conversationType: z.enum(CONVERSATION_TYPES, { message: T.conversationType }).optional(),
})
export type SendMessageInput = z.input<typeof SendMessageSchema>

export const SentMessageSchema = z.object({
  conversationId: z.string(),
  userMessage: ChatMessageSchema,
  reply: ChatMessageSchema,
})

/**
 * Answers JSON; with `Accept: application/x-ndjson` the same call streams one JSON object a line:
 * `{type:'start', conversationId, userMessage, answeredBy}`, `{type:'delta', text}`…, then
 * `{type:'done', reply}` (a model's failure ends with a reply of role system saying what went wrong).
 */
export const sendMessageCall = defineCall({
  method: 'POST',
  path: '/api/ai/messages',
  body: SendMessageSchema,
  response: SentMessageSchema,
})

export const StreamEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    conversationId: z.string(),
    userMessage: ChatMessageSchema,
    answeredBy: z.enum(ASSISTANT_KINDS),
  }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), reply: ChatMessageSchema }),
  /** The server failed after the stream began (the answer was not stored). */
  z.object({ type: z.literal('error'), message: z.string() }),
])
export type StreamEvent = z.infer<typeof StreamEventSchema>
