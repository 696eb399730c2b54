import { vi } from 'vitest'
import { z } from 'zod'
import type { CurrentUser } from '#shared/contracts/auth.contract.ts'
import type { CallBody, CallDefinition, CallResponse } from '#shared/contracts/call.ts'
import { type ErrorBody, readErrorBody } from '#shared/errors.ts'

/** What the call answers when it succeeds: its contract's response. */
export interface OkAnswer<C extends CallDefinition> {
  status?: 200 | 201
  body: CallResponse<C>
}

/** A refusal: a 4xx or 5xx status and, as the server sends it, the error body. */
export interface FailedAnswer {
  status: number
  body?: ErrorBody
}

export type MockAnswer<C extends CallDefinition = CallDefinition> = OkAnswer<C> | FailedAnswer

export interface MockRequest<Body = unknown> {
  url: URL
  /** The JSON body sent, or undefined (none, or multipart). */
  body: Body
  /** The path's `:name` parts as the request filled them. */
  params: Record<string, string>
}

/** A function may answer later, or never (a request still loading). */
type Handler<Answer, Body = unknown> = Answer | ((request: MockRequest<Body>) => Answer | Promise<Answer>)

/** One stubbed route: made by `stub` (a contract's call) or `stubFile` (a download no contract declares). */
export interface Stub {
  readonly method: string
  readonly path: string
  respond(request: MockRequest): Promise<{ status: number; body: unknown }>
}

/**
 * Answers one contract call. A success is checked against the call's response schema, so a stub
 * that has drifted from the contract fails its test and names the field; a refusal must be an
 * error body. The path's `:params` match any value (a handler reads them from `params`).
 */
export function stub<C extends CallDefinition>(call: C, answer: Handler<MockAnswer<C>, CallBody<C>>): Stub {
  const name = `${call.method} ${call.path}`
  if (typeof answer !== 'function') checkAnswer(name, call, answer)
  return {
    method: call.method,
    path: call.path,
    async respond(request) {
      const given = typeof answer === 'function' ? await answer(request as MockRequest<CallBody<C>>) : answer
      if (typeof answer === 'function') checkAnswer(name, call, given)
      return { status: given.status ?? call.status ?? 200, body: given.body }
    },
  }
}

/** A stub whose answer waits until the test releases it (a submission in flight). */
export function holdAnswer<C extends CallDefinition>(call: C) {
  let release: (answer: MockAnswer<C>) => void = () => {}
  const held = new Promise<MockAnswer<C>>((resolve) => {
    release = resolve
  })
  return { stub: stub(call, () => held), release: (answer: MockAnswer<C>) => release(answer) }
}

/** Answers a route that no contract declares: a file download (CSV, PDF, a report). Unchecked. */
export function stubFile(
  method: CallDefinition['method'],
  path: string,
  answer: Handler<{ status?: number; body?: unknown }>,
): Stub {
  return {
    method,
    path,
    async respond(request) {
      const given = typeof answer === 'function' ? await answer(request) : answer
      return { status: given.status ?? 200, body: given.body }
    },
  }
}

/** Mismatches found while a test ran, thrown again after it (test-setup.ts) in case the app swallowed them. */
const mismatches: Error[] = []

export function takeStubMismatches(): Error[] {
  return mismatches.splice(0)
}

function checkAnswer(name: string, call: CallDefinition, answer: MockAnswer) {
  const status = answer.status ?? 200
  if (status >= 400) {
    if (answer.body !== undefined && !readErrorBody(answer.body)) {
      fail(`The stub for ${name} refuses with a body that is not an error body ({ message, errors? })`)
    }
    return
  }
  const checked = call.response.safeParse(answer.body)
  if (!checked.success) {
    fail(
      `The stub for ${name} answers what its contract's response refuses:\n${z.prettifyError(checked.error)}`,
    )
  }
}

function fail(message: string): never {
  const error = new Error(message)
  mismatches.push(error)
  throw error
}

/**
 * Replaces fetch with the stubs' answers; a later stub of the same route replaces an earlier one,
 * so a screen's defaults can be followed by a test's own. Answers the mock so a test can read the
 * requests that were made; an unknown call answers 404 so a missing stub shows up as a failure.
 */
export function mockApi(...stubs: Stub[]) {
  const routes = [...new Map(stubs.map((each) => [`${each.method} ${each.path}`, each])).values()].map(
    (each) => ({ stub: each, ...patternOf(each.path) }),
  )
  // A literal path wins over a pattern that also matches it ('/api/clients/summary' over '/:id').
  routes.sort((a, b) => a.paramCount - b.paramCount)
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    for (const route of routes) {
      const match = route.stub.method === method ? route.pattern.exec(url.pathname) : null
      if (!match) continue
      const answer = await route.stub.respond({ url, body, params: { ...match.groups } })
      return toResponse(answer.status, answer.body)
    }
    return toResponse(404, { message: 'Not found' })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function patternOf(path: string) {
  let paramCount = 0
  const source = path
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      paramCount++
      return `(?<${part.slice(1)}>[^/]+)`
    })
    .join('/')
  return { pattern: new RegExp(`^${source}$`), paramCount }
}

function toResponse(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

export const SAMPLE_USER: CurrentUser = {
  id: '7c1f5e8e-1111-4a4a-9a9a-000000000001',
  firstName: 'Dana',
  lastName: 'Reyes',
  email: 'dana@example.com',
  title: 'Insurance Agent',
  role: 'agency_admin',
  agencyId: 'a1',
  agencyName: 'Reyes Insurance',
  tenantId: 'a1',
  organizationId: 'a1',
  subscriptionTier: 'free',
  subscriptionStatus: 'active',
  monthlyApplicationLimit: 5,
  applicationsUsedThisMonth: 0,
}

export const UNAUTHORIZED: FailedAnswer = { status: 401, body: { message: 'Unauthorized' } }
