import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import {
  createConversationCall,
  getAssistantInfoCall,
  getConversationCall,
  listConversationsCall,
  sendMessageCall,
} from '#shared/contracts/assistant.contract.ts'
import {
  FORM_SUGGESTION_TEXTS,
  generateFormSuggestionsCall,
  listFormSuggestionsCall,
  updateFormSuggestionCall,
} from '#shared/contracts/form-suggestions.contract.ts'
import type { AssistantProvider } from './assistant-provider.service.ts'
import { createConversation, getConversation, listConversations } from './conversations.service.ts'
import {
  generateFormSuggestions,
  listFormSuggestions,
  setSuggestionAccepted,
} from './form-suggestions/form-suggestions.service.ts'
import { answerAsStream, wantsStream } from './message-stream.routes.ts'
import { sendMessage } from './send-message.ts'

export function assistantRoutes(app: FastifyInstance, deps: { db: Db; assistant: AssistantProvider }): void {
  const { db, assistant } = deps
  registerCall(app, getAssistantInfoCall, {}, async () => ({ kind: assistant.kind, label: assistant.label }))
  registerCall(app, listConversationsCall, {}, async ({ raw }) => listConversations(db, requireCtx(raw)))
  registerCall(app, getConversationCall, {}, async ({ raw, params }) =>
    getConversation(db, requireCtx(raw), params.id),
  )
  registerCall(app, createConversationCall, {}, async ({ raw, body }) =>
    createConversation(db, requireCtx(raw), body),
  )

  // One call, two answers: JSON, or the answer streamed as JSON lines when the caller asks for
  // them (the widget does). So it is registered by hand rather than through registerCall.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: sendMessageCall.method,
    url: sendMessageCall.path,
    compress: false,
    schema: { body: sendMessageCall.body, response: { 200: sendMessageCall.response } },
    handler: async (request, reply) => {
      const ctx = requireCtx(request)
      if (!wantsStream(request)) return sendMessage(db, assistant, ctx, request.body)
      return answerAsStream(
        reply,
        async (send) => {
          const sent = await sendMessage(db, assistant, ctx, request.body, {
            onStart: (conversationId, userMessage) =>
              send({ type: 'start', conversationId, userMessage, answeredBy: assistant.kind }),
            onDelta: (text) => send({ type: 'delta', text }),
          })
          send({ type: 'done', reply: sent.reply })
        },
        request.log,
      )
    },
  })

  registerCall(app, listFormSuggestionsCall, {}, async ({ raw, query }) =>
    listFormSuggestions(db, requireCtx(raw), query.formType),
  )
  registerCall(app, generateFormSuggestionsCall, {}, async ({ raw, body }) => ({
    ...(await generateFormSuggestions(db, requireCtx(raw), body)),
    message: FORM_SUGGESTION_TEXTS.generated,
  }))
  registerCall(app, updateFormSuggestionCall, {}, async ({ raw, params, body }) =>
    setSuggestionAccepted(db, requireCtx(raw), params.id, body.isAccepted),
  )
}
