import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIN_VARIANCE_SAMPLE, type QuoteVariance } from '#shared/contracts/quotes-variance.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addCarrier, signUpProfessional } from '#test/delivery-harness.ts'
import { signUp } from '#test/factories.ts'
import { quotes } from './quotes.table.ts'
import { bind, compare, enterQuote, quoteInput, sentApplication } from './quotes.test-support.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const variance = async (cookie?: string) =>
  test.request({ method: 'GET', url: '/api/quotes/variance', ...(cookie ? { cookie } : {}) })

describe('GET /api/quotes/variance', () => {
  it('gives each carrier its median and middle half of premium / estimate, and its quote and bind rates', async () => {
    const owner = await signUpProfessional(test)
    const a = await addCarrier(test, owner, 'email')
    const b = await addCarrier(test, owner, 'manual')
    const apps: { id: string }[] = []
    for (let n = 0; n < 6; n++) apps.push(await sentApplication(test, owner, [a.id, b.id]))
    const quote = (app: number, carrierId: string, premium: number, termMonths = 12) =>
      enterQuote(test, owner, apps[app]!.id, quoteInput(carrierId, { premium, termMonths }))

    // A quotes five of its six applications: $900, $1,000, $1,100, $600 for 6 months ($1,200 a
    // year) and $1,300 against a $1,000 estimate, and declines the sixth.
    const fromA = [await quote(0, a.id, 900), await quote(1, a.id, 1000), await quote(2, a.id, 1100)]
    fromA.push(await quote(3, a.id, 600, 6), await quote(4, a.id, 1300))
    const declined = await test.request({
      method: 'POST',
      url: `/api/applications/${apps[5]!.id}/declines`,
      cookie: owner.cookie,
      payload: { carrierId: a.id, reason: 'Outside appetite' },
    })
    expect(declined.statusCode).toBe(201)
    // B quotes three; the third has no estimate (it came in before estimates were kept).
    const fromB = [await quote(2, b.id, 1500), await quote(4, b.id, 500), await quote(5, b.id, 800)]
    await test.db
      .update(quotes)
      .set({ estimatedPremiumCents: 100_000 })
      .where(eq(quotes.agencyId, owner.user.agencyId))
    await test.db.update(quotes).set({ estimatedPremiumCents: null }).where(eq(quotes.id, fromB[2]!.id))
    // Three of A's are bound: $900, $1,000 and $1,200 a year.
    for (const [index, app] of [
      [0, 0],
      [1, 1],
      [3, 3],
    ] as const) {
      const bound = await bind(test, owner, fromA[index]!.id, {
        effectiveDate: '2026-03-01',
        policyNumber: `VAR-${app}`,
      })
      expect(bound.statusCode, bound.body).toBe(201)
    }

    const response = await variance(owner.cookie)
    expect(response.statusCode, response.body).toBe(200)
    const answer = response.json() as { minimumSample: number; carriers: QuoteVariance[] }
    expect(answer.minimumSample).toBe(MIN_VARIANCE_SAMPLE)
    const byId = new Map(answer.carriers.map((carrier) => [carrier.carrierId, carrier]))
    expect(byId.get(a.id)).toEqual({
      carrierId: a.id,
      submissions: 6,
      quoted: 5,
      bound: 3,
      quoteRate: 0.8333,
      bindRate: 0.5,
      // 0.9, 1.0, 1.1, 1.2, 1.3: the median is the third, the quartiles the second and fourth.
      quotedToEstimate: { sample: 5, median: 1.1, lowerQuartile: 1, upperQuartile: 1.2 },
      // 0.9, 1.0, 1.2: percentile_cont's quartiles fall halfway between neighbours.
      boundToEstimate: { sample: 3, median: 1, lowerQuartile: 0.95, upperQuartile: 1.1 },
    })
    // B: three quoted of six, none bound, and only two quotes with an estimate: not enough yet.
    expect(byId.get(b.id)).toEqual({
      carrierId: b.id,
      submissions: 6,
      quoted: 3,
      bound: 0,
      quoteRate: 0.5,
      bindRate: 0,
      quotedToEstimate: { sample: 2, median: null, lowerQuartile: null, upperQuartile: null },
      boundToEstimate: { sample: 0, median: null, lowerQuartile: null, upperQuartile: null },
    })
    expect(answer.carriers).toHaveLength(2)
  })

  it('keeps the estimate a quote came in with, the one the comparison shows', async () => {
    const owner = await signUpProfessional(test)
    const carrier = await addCarrier(test, owner, 'email')
    const app = await sentApplication(test, owner, [carrier.id])
    const entered = await enterQuote(test, owner, app.id, quoteInput(carrier.id))
    const [row] = await test.db
      .select()
      .from(quotes)
      .where(inArray(quotes.id, [entered.id]))
    const [compared] = (await compare(test, owner, app.id)).quotes
    expect(compared.estimatedPremium).toBeGreaterThan(0)
    expect(row!.estimatedPremiumCents).toBe(compared.estimatedPremium * 100)
  })

  it('has no rates for a carrier sent fewer applications than the minimum', async () => {
    const owner = await signUpProfessional(test)
    const carrier = await addCarrier(test, owner, 'manual')
    await sentApplication(test, owner, [carrier.id])
    const [only] = (await variance(owner.cookie)).json().carriers as QuoteVariance[]
    expect(only).toMatchObject({ carrierId: carrier.id, submissions: 1, quoteRate: null, bindRate: null })
  })

  it('answers 401 without a session, and shows an agency none of another’s figures', async () => {
    expect((await variance()).statusCode).toBe(401)
    const owner = await signUpProfessional(test)
    const carrier = await addCarrier(test, owner, 'email')
    const app = await sentApplication(test, owner, [carrier.id])
    await enterQuote(test, owner, app.id, quoteInput(carrier.id))
    const other = await signUp(test)
    const answer = await variance(other.cookie)
    expect(answer.statusCode).toBe(200)
    expect(answer.json().carriers).toEqual([])
  })
})
