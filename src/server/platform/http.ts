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
 * A refusal before the body is read (no session, a cross-site request): a request still sending
 * a body gets `Connection: close`, so the client stops at once instead of the server reading an
 * upload it will never use before the connection can serve anything else.
 */
export function refuseEarly(request: FastifyRequest, reply: FastifyReply, status: number, message: string) {
  const sendsBody =
    Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined
  if (sendsBody) reply.header('connection', 'close')
  return reply.status(status).send({ message })
}
