import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'

const served: number[] = []
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function testRoutes(app: TestApp['app']) {
  app.get<{ Querystring: { n: string; ms: string } }>(
    '/api/test/work',
    { config: { public: true } },
    async (request) => {
      served.push(Number(request.query.n))
      await sleep(Number(request.query.ms))
      return { n: Number(request.query.n) }
    },
  )
}

let oneAtATime: TestApp
let shortBudget: TestApp
beforeAll(async () => {
  const env = { MAX_CONCURRENT_REQUESTS: '1', RATE_LIMIT_PER_MINUTE: '100000' }
  oneAtATime = await buildTestApp({ env: { ...env, REQUEST_WAIT_BUDGET_MS: '5000' }, routes: testRoutes })
  shortBudget = await buildTestApp({ env: { ...env, REQUEST_WAIT_BUDGET_MS: '50' }, routes: testRoutes })
})
afterAll(async () => {
  await oneAtATime.close()
  await shortBudget.close()
})

const work = (test: TestApp, n: number, ms: number) =>
  test.request({ method: 'GET', url: `/api/test/work?n=${n}&ms=${ms}` })

describe('admission', () => {
  it('serves waiting requests in the order they arrived, one at a time when told', async () => {
    served.length = 0
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => work(oneAtATime, n, 20)))
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200])
    expect(served).toEqual([1, 2, 3, 4, 5])
  })

  it('answers 503 with Retry-After to a backlog that waited past its budget, and never runs it', async () => {
    served.length = 0
    // One at a time, a backlog from 8 waiting: a slow request, then nine behind it.
    const [slow, ...waiting] = await Promise.all([
      work(shortBudget, 1, 300),
      ...[2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => work(shortBudget, n, 0)),
    ])
    expect(slow!.statusCode).toBe(200)
    const refused = waiting.filter((answer) => answer.statusCode === 503)
    expect(refused).toHaveLength(2)
    for (const answer of refused) {
      expect(answer.headers['retry-after']).toBe('1')
      expect(answer.json()).toEqual({ message: GENERIC_MESSAGES.busy })
    }
    // The first two in line were refused and never ran; the rest went on in order after the slow one.
    expect(served).toEqual([1, 4, 5, 6, 7, 8, 9, 10])
  })

  it('lets a few requests wait out a slow one, however long, without refusing them', async () => {
    served.length = 0
    const answers = await Promise.all([
      work(shortBudget, 1, 300),
      work(shortBudget, 2, 0),
      work(shortBudget, 3, 0),
    ])
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200])
    expect(served).toEqual([1, 2, 3])
  })

  it('lets a request at work past half a second give its turn back', async () => {
    const finished: number[] = []
    const long = work(oneAtATime, 1, 2500).then(() => finished.push(1))
    await sleep(20)
    const quick = work(oneAtATime, 2, 0).then((answer) => {
      finished.push(2)
      return answer
    })
    expect((await quick).statusCode).toBe(200)
    await long
    expect(finished).toEqual([2, 1])
  })
})
