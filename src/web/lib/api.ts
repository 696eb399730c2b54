import type { z } from 'zod'
import type {
  CallBody,
  CallDefinition,
  CallOf,
  CallParams,
  CallQuery,
  CallResponse,
  CallRoute,
} from '#shared/contracts/call.ts'
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

/** An ok answer that is not what the call answers: not JSON, or a field a caller checks is missing. */
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

/**
 * Calls one contract entry, or its route (`routeOf`), and answers its typed response. The answer is
 * not parsed again here: the server checks every answer against the same contract before it sends
 * it (fastify-type-provider-zod's serializer, `src/server/platform/http.ts`), and no response schema
 * transforms what it reads (`src/shared/contracts/call.test.ts`), so a second check in the browser
 * would only cost each page zod's bytes and time (decision 009).
 */
export async function callApi<R extends CallRoute>(
  call: R,
  ...[options]: NeedsOptions<CallOf<R>> extends true ? [CallOptions<CallOf<R>>] : [CallOptions<CallOf<R>>?]
): Promise<CallResponse<CallOf<R>>> {
  const url = buildUrl(call.path, options?.params, options?.query)
  const { response, text } = await send(call.method, url, options?.body, options?.signal)
  if (!response.ok) throw toApiError(response, text)
  if (!text) return undefined as CallResponse<CallOf<R>>
  const body = parseJson(text)
  // An ok answer that is not JSON did not come from the route (a proxy's or a portal's page).
  if (body === undefined) throw new ApiResponseShapeError(call.path, 'not JSON')
  return body as CallResponse<CallOf<R>>
}

interface Answer {
  response: Response
  text: string
}

/** A busy server's 503 is tried again this many times, after the wait it asks for. */
const BUSY_RETRIES = 3

async function send(method: string, url: string, body: unknown, signal?: AbortSignal): Promise<Answer> {
  const hasBody = body !== undefined
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: hasBody
        ? { 'Content-Type': 'application/json', Accept: 'application/json' }
        : { Accept: 'application/json' },
      body: hasBody ? JSON.stringify(body) : undefined,
      signal,
    })
    const wait = busyWait(response)
    if (wait === undefined || attempt >= BUSY_RETRIES) return { response, text: await response.text() }
    // A busy server refuses before it starts the work (platform/admission.ts), so the same call,
    // a mutation too, can be sent again.
    await new Promise((resolve) => setTimeout(resolve, wait))
  }
}

/** How long to wait before sending again, for a 503 that says (Retry-After, in seconds); with jitter. */
function busyWait(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'))
  if (response.status !== 503 || !Number.isFinite(seconds) || seconds <= 0) return undefined
  return Math.min(seconds, 5) * 1000 * (0.75 + Math.random() * 0.5)
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
