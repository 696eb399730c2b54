import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import type { CallDefinition, CallResponse } from '#shared/contracts/call.ts'

type Input<S> = S extends z.ZodType ? z.output<S> : undefined

export interface CallRequest<C extends CallDefinition> {
  params: Input<C['params']>
  query: Input<C['query']>
  body: Input<C['body']>
  raw: FastifyRequest
  reply: FastifyReply
}

/**
 * Registers a contract as a route: the contract's schemas validate the input and the answer and
 * describe the call in OpenAPI; the handler gets the parsed input and returns the answer.
 */
export function registerCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  config: FastifyContextConfig,
  handler: (request: CallRequest<C>) => Promise<CallResponse<C>>,
  /** A larger JSON body than the app's 1 MB (a signature image as a data URL). */
  options: { bodyLimit?: number } = {},
): void {
  const status = call.status ?? 200
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    config,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    schema: {
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      response: { [status]: call.response },
    },
    handler: async (request, reply) => {
      const answer = await handler({
        params: request.params as Input<C['params']>,
        query: request.query as Input<C['query']>,
        body: request.body as Input<C['body']>,
        raw: request,
        reply,
      })
      return reply.status(status).send(answer)
    },
  })
}

/**
 * A refusal before the body is read (no session, a cross-site request). The client may still be
 * sending: the answer goes out at once and the rest of the body is drained (unread-body.ts), so
 * it reaches the client as an answer rather than a reset connection.
 */
export function refuseEarly(reply: FastifyReply, status: number, message: string) {
  return reply.status(status).send({ message })
}
