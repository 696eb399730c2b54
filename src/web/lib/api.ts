import type { z } from 'zod'
import type { CallBody, CallDefinition, CallParams, CallQuery, CallResponse } from '#shared/contracts/call.ts'
import { type FieldError, readErrorBody } from '#shared/errors.ts'

/** A non-ok answer: the status, the server's message and its per-field messages. */
export class ApiError extends Error {
  readonly status: number
  readonly fieldErrors: readonly FieldError[]

  constructor(status: number, message: string, fieldErrors: readonly FieldError[] = []) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.fieldErrors = fieldErrors
  }
}

/** An ok answer whose body does not match the contract (a server bug, or a provider left a field out). */
export class ApiResponseShapeError extends Error {
  constructor(path: string, cause: unknown) {
    super(`Unexpected answer from ${path}`, { cause })
    this.name = 'ApiResponseShapeError'
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status)
}

type CallOptions<C extends CallDefinition> = (C['params'] extends z.ZodType
  ? { params: CallParams<C> }
  : { params?: undefined }) &
  (C['body'] extends z.ZodType ? { body: CallBody<C> } : { body?: undefined }) & {
    query?: CallQuery<C>
    signal?: AbortSignal
  }

type NeedsOptions<C extends CallDefinition> = C['params'] extends z.ZodType
  ? true
  : C['body'] extends z.ZodType
    ? true
    : false

/** Calls one contract entry and answers its parsed, typed response. */
export async function callApi<C extends CallDefinition>(
  call: C,
  ...[options]: NeedsOptions<C> extends true ? [CallOptions<C>] : [CallOptions<C>?]
): Promise<CallResponse<C>> {
  const url = buildUrl(call.path, options?.params, options?.query)
  const answer = await send(call.method, url, options?.body, options?.signal)
  return readAnswer(call, answer)
}

/**
 * callApi for a GET whose contract is imported beside the request instead of before it: the fetch
 * starts at once (and takes a preloaded answer) while the contract's module, and zod with it, is
 * still loading. The shell's own call uses it, so the entry chunk carries no schema (decision 009).
 * `path` is the contract's own (its type is the contract's literal path).
 */
export async function callApiBesideContract<C extends CallDefinition & { method: 'GET' }>(
  path: C['path'],
  loadCall: () => Promise<C>,
  options?: { signal?: AbortSignal },
): Promise<CallResponse<C>> {
  const [call, answer] = await Promise.all([loadCall(), send('GET', path, undefined, options?.signal)])
  return readAnswer(call, answer)
}

interface Answer {
  response: Response
  text: string
}

async function send(method: string, url: string, body: unknown, signal?: AbortSignal): Promise<Answer> {
  const hasBody = body !== undefined
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: hasBody
      ? { 'Content-Type': 'application/json', Accept: 'application/json' }
      : { Accept: 'application/json' },
    body: hasBody ? JSON.stringify(body) : undefined,
    signal,
  })
  return { response, text: await response.text() }
}

function readAnswer<C extends CallDefinition>(call: C, { response, text }: Answer): CallResponse<C> {
  if (!response.ok) throw toApiError(response, text)
  const parsed = call.response.safeParse(text ? JSON.parse(text) : undefined)
  if (!parsed.success) throw new ApiResponseShapeError(call.path, parsed.error)
  return parsed.data as CallResponse<C>
}

export function buildUrl(path: string, params?: unknown, query?: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>
  const filled = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = values[name]
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(String(value))
  })
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
  }
  const queryString = search.toString()
  return queryString ? `${filled}?${queryString}` : filled
}

/** A non-ok answer as an ApiError, for the calls that fetch without callApi (files, downloads). */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  return toApiError(response, await response.text())
}

function toApiError(response: Response, text: string): ApiError {
  const body = readErrorBody(parseJson(text))
  if (body) return new ApiError(response.status, body.message, body.errors ?? [])
  // Not our error body (a proxy page, an empty answer): keep the spec's "status: text" shape.
  return new ApiError(response.status, `${response.status}: ${text || response.statusText}`)
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
