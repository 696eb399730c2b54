import type { z } from 'zod'

/**
 * One HTTP call, declared once: the server registers it (method, path, schemas) and checks each
 * answer against its response schema before sending it; the web api client calls it by method and
 * path (or its route, routeOf), typed by the same schemas. Paths use Fastify's `:param` form.
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

declare const callOfRoute: unique symbol

/**
 * A call's method and path without its schemas, typed by its contract through `import type`, so
 * a page can call it without loading the contract's module, and zod with it (decision 009). The
 * literal types make a route that drifts from its contract a type error.
 */
export interface CallRoute<C extends CallDefinition = CallDefinition> {
  readonly method: C['method']
  readonly path: C['path']
  readonly [callOfRoute]?: C
}

/** `routeOf<typeof listClientsCall>('GET', '/api/clients')`. */
export function routeOf<C extends CallDefinition>(method: C['method'], path: C['path']): CallRoute<C> {
  return { method, path }
}

/** The contract behind a call or a route. */
export type CallOf<R> = R extends CallDefinition ? R : R extends CallRoute<infer C> ? C : never
