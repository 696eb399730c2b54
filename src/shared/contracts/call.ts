import type { z } from 'zod'

/**
 * One HTTP call, declared once: the server registers it (method, path, schemas) and the web api
 * client calls it and parses the answer with the same schemas. Paths use Fastify's `:param` form.
 */
export interface CallDefinition {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  params?: z.ZodType
  query?: z.ZodType
  body?: z.ZodType
  response: z.ZodType
  /** Status of a successful answer; 200 unless said. */
  status?: 200 | 201
}

export function defineCall<const C extends CallDefinition>(call: C): C {
  return call
}

export type CallParams<C extends CallDefinition> = C['params'] extends z.ZodType
  ? z.input<C['params']>
  : undefined
export type CallQuery<C extends CallDefinition> = C['query'] extends z.ZodType
  ? z.input<C['query']>
  : undefined
export type CallBody<C extends CallDefinition> = C['body'] extends z.ZodType ? z.input<C['body']> : undefined
export type CallResponse<C extends CallDefinition> = z.output<C['response']>
