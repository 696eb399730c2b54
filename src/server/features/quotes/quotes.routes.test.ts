import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { QUOTE_TEXTS, quoteText } from '#shared/contracts/quotes.contract.ts'
import { boundByHandRefusal } from '#shared/domain/application-status.ts'
import { addDays, addMonths } from '#shared/domain/policy-ledger.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { signUpProfessional } from '#test/delivery-harness.ts'
import type { SignedInUser } from '#test/factories.ts'
import { marketplaceCarrierTurnaround } from '../marketplace/marketplace.table.ts'
import { quotes } from './quotes.table.ts'
import {
  applicationWithTwoCarriers,
  bind,
  compare,
  enterQuote,
  quoteInput,
  sentApplication,
  today,
} from './quotes.test-support.ts'

let test: TestApp
let owner: SignedInUser
beforeAll(async () => {
  test = await buildTestApp()
  owner = await signUpProfessional(test)
})
afterAll(() => test.close())

const post = (url: string, payload: unknown, user = owner) =>
  test.request({ method: 'POST', url, cookie: user.cookie, payload: payload as Record<string, unknown> })

async function auditActions(entityId: string) {
  const rows = await test.db
    .select({ action: auditEvents.action, actor: auditEvents.actorUserId })
    .from(auditEvents)
    .where(eq(auditEvents.entityId, entityId))
  return rows
}

describe('POST /api/applications/:id/quotes', () => {
  it('enters a quote for a carrier the application went to, annualised and audited', async () => {
    const { application, carriers } = await applicationWithTwoCarriers(test, owner)
    const input = quoteInput(carriers[0]!.id, { premium: 612.5, termMonths: 6 })
    const response = await post(`/api/applications/${application.id}/quotes`, input)
    expect(response.statusCode, response.body).toBe(201)
    const quote = response.json()
    expect(quote).toMatchObject({
      applicationId: application.id,
      carrierId: carriers[0]!.id,
      carrierName: carriers[0]!.name,
      status: 'offered',
      source: 'agent',
      premium: 612.5,
      termMonths: 6,
      annualPremium: 1225,
      quoteNumber: input.quoteNumber,
      coverages: input.coverages,
      policyId: null,
    })
    expect(await auditActions(quote.id)).toEqual([{ action: 'quote.entered', actor: owner.user.id }])
  })

  it('refuses a carrier it was not sent to, a past expiry, another agency’s document and a number used twice', async () => {
    const { application, carriers } = await applicationWithTwoCarriers(test, owner)
    const other = await applicationWithTwoCarriers(test, owner)
    const url = `/api/applications/${application.id}/quotes`
    const first = await enterQuote(
      test,
      owner,
      application.id,
      quoteInput(carriers[0]!.id, { quoteNumber: 'Q-1' }),
    )
    const cases: [Record<string, unknown>, string, string][] = [
      [{ carrierId: other.carriers[0]!.id }, 'carrierId', QUOTE_TEXTS.carrierNotSent],
      [{ expiresAt: addDays(today(), -1) }, 'expiresAt', QUOTE_TEXTS.expiresBeforeToday],
      [{ documentId: '00000000-0000-4000-8000-000000000000' }, 'documentId', QUOTE_TEXTS.documentUnknown],
      [{ quoteNumber: 'Q-1' }, 'quoteNumber', QUOTE_TEXTS.quoteNumberTaken],
    ]
    for (const [overrides, path, message] of cases) {
      const response = await post(url, quoteInput(carriers[0]!.id, overrides))
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400)
      expect(response.json().errors).toEqual([{ path, message }])
    }
    // The same number from the other carrier is that carrier's own quote.
    await enterQuote(test, owner, application.id, quoteInput(carriers[1]!.id, { quoteNumber: 'Q-1' }))
    const rows = await test.db.select().from(quotes).where(eq(quotes.applicationId, application.id))
    expect(rows.map((row) => row.id)).toContain(first.id)
    expect(rows).toHaveLength(2)
  })

  it('answers a negative premium, NUL bytes, impossible dates and a 3-month term with field messages', async () => {
    const { application, carriers } = await applicationWithTwoCarriers(test, owner)
    const url = `/api/applications/${application.id}/quotes`
    const cases: [Record<string, unknown>, string, string][] = [
      [{ premium: -5 }, 'premium', QUOTE_TEXTS.premiumInvalid],
      [{ premium: 0 }, 'premium', QUOTE_TEXTS.premiumInvalid],
      [{ premium: 10.005 }, 'premium', QUOTE_TEXTS.premiumInvalid],
      [{ termMonths: 3 }, 'termMonths', QUOTE_TEXTS.termInvalid],
      [{ effectiveDate: '2026-02-30' }, 'effectiveDate', QUOTE_TEXTS.dateInvalid],
      [{ expiresAt: '0000-01-01' }, 'expiresAt', QUOTE_TEXTS.dateInvalid],
      [{ coverages: [{ label: '', value: '$500' }] }, 'coverages.0.label', QUOTE_TEXTS.coverageLabel],
      [
        { quoteNumber: 'Q\u00001' },
        'quoteNumber',
        'Remove the invisible NUL character from this field: it cannot be saved.',
      ],
    ]
    for (const [overrides, path, message] of cases) {
      const response = await post(url, quoteInput(carriers[0]!.id, overrides))
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400)
      expect(response.json().errors, JSON.stringify(overrides)).toContainEqual({ path, message })
    }
    expect((await compare(test, owner, application.id)).quotes).toEqual([])
  })
})

describe('POST /api/applications/:id/declines', () => {
  it('records a decline with the carrier’s reason beside the quotes', async () => {
    const { application, carriers } = await applicationWithTwoCarriers(test, owner)
    const url = `/api/applications/${application.id}/declines`
    const missing = await post(url, { carrierId: carriers[1]!.id, reason: ' ' })
    expect(missing.json().errors).toEqual([{ path: 'reason', message: QUOTE_TEXTS.declineReasonRequired }])
    const response = await post(url, { carrierId: carriers[1]!.id, reason: 'Prior losses' })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      status: 'declined',
      premium: null,
      annualPremium: null,
      declineReason: 'Prior losses',
    })
    expect(await auditActions(response.json().id)).toEqual([
      { action: 'quote.declined', actor: owner.user.id },
    ])
  })
})

describe('GET /api/applications/:id/quotes', () => {
  it('sets the quotes side by side: annualised, aligned by coverage label, sorted, an old offer expired', async () => {
    const { application, carriers } = await applicationWithTwoCarriers(test, owner)
    const [email, manual] = carriers as [{ id: string; name: string }, { id: string; name: string }]
    const halfYear = await enterQuote(
      test,
      owner,
      application.id,
      quoteInput(email.id, {
        premium: 700,
        termMonths: 6,
        expiresAt: addDays(today(), 40),
        coverages: [{ label: 'Bodily injury', value: '100/300' }],
      }),
    )
    const yearly = await enterQuote(
      test,
      owner,
      application.id,
      quoteInput(manual.id, {
        premium: 1300,
        termMonths: 12,
        expiresAt: addDays(today(), 10),
        coverages: [
          { label: 'bodily  INJURY', value: '50/100' },
          { label: 'Rental', value: '$30/day' },
        ],
      }),
    )
    const lapsed = await enterQuote(test, owner, application.id, quoteInput(manual.id, { premium: 500 }))
    await test.db
      .update(quotes)
      .set({ expiresAt: addDays(today(), -1) })
      .where(eq(quotes.id, lapsed.id))
    await post(`/api/applications/${application.id}/declines`, { carrierId: email.id, reason: 'Capacity' })

    const byPremium = await compare(test, owner, application.id)
    expect(byPremium.quotes.map((q: { id: string }) => q.id).slice(0, 3)).toEqual([
      lapsed.id,
      yearly.id,
      halfYear.id,
    ])
    expect(byPremium.quotes.map((q: { status: string }) => q.status)).toEqual([
      'expired',
      'offered',
      'offered',
      'declined',
    ])
    expect(byPremium.quotes[1]).toMatchObject({ annualPremium: 1300, submissionMethod: 'manual' })
    expect(byPremium.quotes[2]).toMatchObject({
      annualPremium: 1400,
      premium: 700,
      submissionMethod: 'email',
    })
    expect(byPremium.coverageLabels).toEqual(['Bodily injury', 'Rental', 'Collision deductible'])
    // By name: the email carrier's name sorts before the manual one's.
    expect(byPremium.carriers).toEqual([
      { id: email.id, name: email.name, submissionMethod: 'email' },
      { id: manual.id, name: manual.name, submissionMethod: 'manual' },
    ])
    const byExpiry = await compare(test, owner, application.id, 'expiry')
    expect(byExpiry.quotes.map((q: { id: string }) => q.id).slice(0, 3)).toEqual([
      lapsed.id,
      yearly.id,
      halfYear.id,
    ])
    const byCarrier = await compare(test, owner, application.id, 'carrier')
    const names = byCarrier.quotes.map((q: { carrierName: string }) => q.carrierName.toLowerCase())
    expect(names).toEqual([...names].sort())
  })

  it('gives the estimate of the recommendation and the carrier’s measured turnaround', async () => {
    const { application, carriers } = await applicationWithTwoCarriers(test, owner)
    await test.db
      .insert(marketplaceCarrierTurnaround)
      .values({ carrierId: carriers[0]!.id, medianDays: 3.25 })
    await enterQuote(
      test,
      owner,
      application.id,
      quoteInput(carriers[0]!.id, { premium: 1000, termMonths: 12 }),
    )
    const [quote] = (await compare(test, owner, application.id)).quotes
    // An agent's carrier with no published premium: $150 a month, a 500,000 coverage, the client's age.
    expect(quote.estimatedPremium).toBeGreaterThan(0)
    expect(quote.differenceFromEstimate).toBe(Math.round((1000 - quote.estimatedPremium) * 100) / 100)
    expect(quote.turnaroundDays).toBe(3.3)
  })
})

describe('POST /api/quotes/:id/bind', () => {
  it('binds an offered quote into a policy with nothing typed again; the rest are not taken and the application is bound', async () => {
    const { application, carriers } = await applicationWithTwoCarriers(test, owner)
    const chosen = await enterQuote(
      test,
      owner,
      application.id,
      quoteInput(carriers[0]!.id, { premium: 640, termMonths: 6 }),
    )
    const passed = await enterQuote(test, owner, application.id, quoteInput(carriers[1]!.id))
    await post(`/api/applications/${application.id}/declines`, { carrierId: carriers[1]!.id, reason: 'No' })
    const required = await bind(test, owner, chosen.id, { effectiveDate: '2026-01-31' })
    expect(required.statusCode).toBe(400)
    expect(required.json().errors).toEqual([
      { path: 'policyNumber', message: QUOTE_TEXTS.policyNumberRequired },
    ])

    const bound = await bind(test, owner, chosen.id, {
      effectiveDate: '2026-01-31',
      policyNumber: 'EM-2026-77',
    })
    expect(bound.statusCode, bound.body).toBe(201)
    const policy = bound.json()
    expect(policy).toMatchObject({
      policyNumber: 'EM-2026-77',
      clientId: application.client.id,
      carrierId: carriers[0]!.id,
      lineOfBusiness: 'auto',
      annualPremium: 640,
      effectiveDate: '2026-01-31',
      expirationDate: addMonths('2026-01-31', 6),
      producerUserId: owner.user.id,
      source: 'bound',
      applicationId: application.id,
      quoteId: chosen.id,
    })
    expect(policy.expirationDate).toBe('2026-07-31')
    const after = await compare(test, owner, application.id)
    const statusOf = (id: string) => after.quotes.find((q: { id: string }) => q.id === id)
    expect(statusOf(chosen.id)).toMatchObject({
      status: 'bound',
      policyId: policy.id,
      effectiveDate: '2026-01-31',
    })
    expect(statusOf(passed.id).status).toBe('not_taken')
    expect(after.quotes.filter((q: { status: string }) => q.status === 'declined')).toHaveLength(1)
    const app = (
      await test.request({ method: 'GET', url: `/api/applications/${application.id}`, cookie: owner.cookie })
    ).json()
    expect(app.status).toBe('bound')
    expect(app.history.at(-1)).toMatchObject({ fromStatus: 'pending', toStatus: 'bound' })
    expect((await auditActions(chosen.id)).map((row) => row.action)).toEqual(['quote.entered', 'quote.bound'])

    const twice = await bind(test, owner, chosen.id, {
      effectiveDate: '2026-01-31',
      policyNumber: 'EM-2026-78',
    })
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toBe(quoteText(QUOTE_TEXTS.notOffered, { status: 'bound' }))
    const other = await bind(test, owner, passed.id, { effectiveDate: '2026-01-31', policyNumber: 'MN-1' })
    expect(other.json().message).toBe(quoteText(QUOTE_TEXTS.notOffered, { status: 'not taken' }))
    const late = await post(`/api/applications/${application.id}/quotes`, quoteInput(carriers[1]!.id))
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe(QUOTE_TEXTS.applicationBound)
  })

  it('refuses an expired quote, and a policy number the carrier already has', async () => {
    const { application, carriers } = await applicationWithTwoCarriers(test, owner)
    const lapsed = await enterQuote(test, owner, application.id, quoteInput(carriers[0]!.id))
    const yesterday = addDays(today(), -1)
    await test.db.update(quotes).set({ expiresAt: yesterday }).where(eq(quotes.id, lapsed.id))
    const expired = await bind(test, owner, lapsed.id, { effectiveDate: today(), policyNumber: 'X-1' })
    expect(expired.statusCode).toBe(409)
    expect(expired.json().message).toBe(quoteText(QUOTE_TEXTS.expired, { date: yesterday }))

    // Two applications sent to the same carrier: its policy numbers are unique, whatever their case.
    const first = await sentApplication(test, owner, [carriers[1]!.id])
    const second = await sentApplication(test, owner, [carriers[1]!.id])
    const one = await enterQuote(test, owner, first.id, quoteInput(carriers[1]!.id))
    expect(
      (await bind(test, owner, one.id, { effectiveDate: today(), policyNumber: 'DUP-1' })).statusCode,
    ).toBe(201)
    const clash = await enterQuote(test, owner, second.id, quoteInput(carriers[1]!.id))
    const taken = await bind(test, owner, clash.id, { effectiveDate: today(), policyNumber: 'dup-1' })
    expect(taken.statusCode).toBe(400)
    expect(taken.json().errors[0].path).toBe('policyNumber')
    // Nothing of the refused bind stayed: the quote is still offered, the application still pending.
    expect((await compare(test, owner, second.id)).quotes[0].status).toBe('offered')
  })

  it('still counts a bound application as approved on the dashboard', async () => {
    const agent = await signUpProfessional(test)
    const { application, carriers } = await applicationWithTwoCarriers(test, agent)
    const quote = await enterQuote(test, agent, application.id, quoteInput(carriers[0]!.id))
    expect(
      (await bind(test, agent, quote.id, { effectiveDate: today(), policyNumber: 'D-1' })).statusCode,
    ).toBe(201)
    const stats = await test.request({ method: 'GET', url: '/api/dashboard/stats', cookie: agent.cookie })
    expect(stats.json()).toMatchObject({ total: 1, approved: 1, pending: 0 })
  })

  it('keeps bound out of a status change by hand', async () => {
    const { application } = await applicationWithTwoCarriers(test, owner)
    const put = (status: string) =>
      test.request({
        method: 'PUT',
        url: `/api/applications/${application.id}`,
        cookie: owner.cookie,
        payload: { status },
      })
    expect((await put('approved')).statusCode).toBe(200)
    const byHand = await put('bound')
    expect(byHand.statusCode).toBe(409)
    expect(byHand.json().message).toBe(boundByHandRefusal())
  })
})
