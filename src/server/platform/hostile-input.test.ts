import { Writable } from 'node:stream'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiRoute } from '#server/app.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { signUp } from '#test/factories.ts'
import { hostileBody, hostileStrings } from '#test/hostile-input.ts'

/** Requests per route; the seed is printed with any failure so a run can be repeated. */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 12)
const SEED = Number(process.env.HOSTILE_SEED ?? Date.now() % 2 ** 31)
const HANG_MS = 10_000

const errorLogs: string[] = []
let test: TestApp
beforeAll(async () => {
  test = await buildTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '1000000', AUTH_RATE_LIMIT_PER_MINUTE: '1000000' },
    deps: { submitWaitMs: 50 },
    logStream: new Writable({
      write(chunk, _encoding, done) {
        const line = String(chunk)
        if (/"level":(50|60)/.test(line)) errorLogs.push(line.slice(0, 600))
        done()
      },
    }),
  })
})
afterAll(() => test.close())

interface Attempt {
  url: string
  body: unknown
}

/** Bodies that are not the object a contract asks for at all. */
const ROOT_BODIES: unknown[] = [null, [], 'text', 0]

function attemptsFor(route: ApiRoute, index: number): Attempt[] {
  const { params, querystring, body } = route.schema
  const sendsBody = route.method !== 'GET' && route.method !== 'DELETE'
  const inputOf = (nul: boolean) =>
    fc.record({
      params: hostileStrings(params, { nul }),
      query: hostileStrings(querystring, { nul }),
      body: body ? hostileBody(body, { nul }) : fc.constant({}),
    })
  // One sweep with a NUL in every free-text field and parameter, then random hostile samples.
  const samples = [
    ...fc.sample(inputOf(true), { numRuns: 1, seed: SEED }),
    ...fc.sample(inputOf(false), { numRuns: RUNS, seed: SEED + index }),
  ]
  const attempts = samples.map((sample) => {
    const path = route.url.replace(/:(\w+)/g, (_, name: string) =>
      urlText(sample.params[name] ?? '00000000-0000-4000-8000-000000000000'),
    )
    const query = Object.entries(sample.query)
      .map(([name, value]) => `${urlText(name)}=${urlText(value)}`)
      .join('&')
    return { url: query ? `${path}?${query}` : path, body: sendsBody || body ? sample.body : undefined }
  })
  const first = attempts[0]?.url ?? route.url
  return sendsBody ? [...attempts, ...ROOT_BODIES.map((each) => ({ url: first, body: each }))] : attempts
}

/** Percent-encoded; a lone surrogate goes as the bytes of its WTF-8 form, as a hostile client may send. */
function urlText(value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    return '%ED%A0%80'
  }
}

/** The answer, 'hang' past HANG_MS, or the error of a request that got no answer at all. */
function withinTime<T>(promise: Promise<T>): Promise<T | 'hang' | Error> {
  let timer: NodeJS.Timeout | undefined
  const hang = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), HANG_MS)
  })
  const answered = promise.catch((error: unknown) =>
    error instanceof Error ? error : new Error(String(error)),
  )
  return Promise.race([answered, hang]).finally(() => clearTimeout(timer))
}

describe('every registered call, driven with hostile input from its own contract', () => {
  it('never answers 5xx and never hangs', { timeout: 600_000 }, async () => {
    let cookie = (await signUp(test)).cookie
    const routes = test.app.apiRoutes
    expect(routes.length).toBeGreaterThan(150)
    const failures: string[] = []
    let sent = 0
    for (const [index, route] of routes.entries()) {
      for (const attempt of attemptsFor(route, index)) {
        const request = () =>
          test.request({
            method: route.method as 'GET',
            url: attempt.url,
            cookie,
            ...(attempt.body === undefined ? {} : { payload: JSON.stringify(attempt.body) }),
            headers: attempt.body === undefined ? {} : { 'content-type': 'application/json' },
          })
        let response = await withinTime(request())
        sent += 1
        // A call that ended the session (sign out, a changed password, required two-factor)
        // leaves the rest to a new agency's admin.
        if (
          response !== 'hang' &&
          !(response instanceof Error) &&
          response.statusCode === 401 &&
          !route.public
        ) {
          cookie = (await signUp(test)).cookie
          response = await withinTime(request())
          sent += 1
        }
        const what = `${route.method} ${attempt.url.slice(0, 200)} ${JSON.stringify(attempt.body)?.slice(0, 300)}`
        if (response === 'hang') failures.push(`hang: ${what}`)
        else if (response instanceof Error) failures.push(`no answer (${response.message}): ${what}`)
        else if (response.statusCode >= 500) failures.push(`${response.statusCode}: ${what}`)
      }
    }
    expect(sent).toBeGreaterThan(routes.length * (RUNS + 1) - 1)
    expect(
      failures,
      `seed ${SEED}; ${failures.length} of ${sent} failed\n${failures.slice(0, 25).join('\n')}\n\nlogs:\n${errorLogs.slice(0, 10).join('\n')}`,
    ).toEqual([])
  })
})

describe('shape before existence', () => {
  it('answers 400 to a malformed body on a record that does not exist, not 404', async () => {
    const { cookie } = await signUp(test)
    const routes = test.app.apiRoutes.filter((route) => route.schema.body && route.url.includes('/:'))
    const answers = []
    for (const route of routes) {
      const response = await test.request({
        method: route.method as 'POST',
        url: route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000'),
        cookie,
        headers: { 'content-type': 'application/json' },
        payload: '"not the object the call asks for"',
      })
      answers.push(`${route.method} ${route.url} ${response.statusCode}`)
    }
    // A role the route does not allow is refused first (403): who may ask comes before what.
    expect(answers.filter((answer) => !/ (400|403)$/.test(answer))).toEqual([])
    expect(answers.filter((answer) => answer.endsWith(' 400')).length).toBeGreaterThan(15)
  })
})
