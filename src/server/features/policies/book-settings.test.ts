import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { POLICY_TEXTS } from '#shared/contracts/policies.contract.ts'
import { BOOK_SETTINGS_TEXTS } from '#shared/contracts/policies-book-settings.contract.ts'
import { addDays } from '#shared/domain/policy-ledger.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, type SignedInUser, signUp } from '#test/factories.ts'
import { DEFAULT_BOOK_SETTINGS } from './book-settings.service.ts'
import { addClient, catalogueCarriers, enterPolicy, policyInput } from './policies.test-support.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const today = new Date().toISOString().slice(0, 10)

const put = (user: SignedInUser, payload: unknown) =>
  test.request({ method: 'PUT', url: '/api/settings/book', cookie: user.cookie, payload: payload as object })
/** The whole settings (a PUT takes them all), the defaults but for the reinstatement window. */
const withWindow = (reinstatementWindowDays: unknown) => ({
  ...DEFAULT_BOOK_SETTINGS,
  reinstatementWindowDays,
})
const get = (user: SignedInUser) =>
  test.request({ method: 'GET', url: '/api/settings/book', cookie: user.cookie })

/** A policy of the user's agency cancelled `daysAgo` days ago. */
async function cancelledPolicy(user: SignedInUser, daysAgo: number) {
  const client = await addClient(test, user)
  const [carrier] = await catalogueCarriers(test, user)
  const policy = await enterPolicy(
    test,
    user,
    policyInput(client, carrier!.id, {
      effectiveDate: addDays(today, -200),
      expirationDate: addDays(today, 165),
    }),
  )
  const cancelled = await test.request({
    method: 'POST',
    url: `/api/policies/${policy.id}/cancel`,
    cookie: user.cookie,
    payload: { effectiveDate: addDays(today, -daysAgo), reason: 'non_payment', method: 'pro_rata' },
  })
  expect(cancelled.statusCode, cancelled.body).toBe(200)
  return cancelled.json().policy as { id: string; canReinstate: boolean }
}

describe('GET and PUT /api/settings/book', () => {
  it('reads 30 days until an admin changes it, and audits the change with what it replaced', async () => {
    const admin = await signUp(test)
    expect((await get(admin)).json()).toEqual({ settings: withWindow(30), canEdit: true })
    const saved = await put(admin, withWindow(60))
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toEqual({ settings: withWindow(60), canEdit: true })
    expect((await get(admin)).json().settings.reinstatementWindowDays).toBe(60)
    expect((await put(admin, withWindow(45))).statusCode).toBe(200)
    const events = await test.db
      .select({ details: auditEvents.details, actor: auditEvents.actorUserId })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.agencyId, admin.user.agencyId), eq(auditEvents.action, 'settings.book_updated')),
      )
    expect(events).toEqual([
      { actor: admin.user.id, details: { from: withWindow(30), to: withWindow(60) } },
      { actor: admin.user.id, details: { from: withWindow(60), to: withWindow(45) } },
    ])
  })

  it('lets an agent read it but not change it', async () => {
    const admin = await signUp(test)
    const agent = await addAgent(test, admin.user.agencyId)
    expect((await get(agent)).json()).toEqual({ settings: withWindow(30), canEdit: false })
    expect((await put(agent, withWindow(90))).statusCode).toBe(403)
    expect((await get(admin)).json().settings.reinstatementWindowDays).toBe(30)
  })

  it('refuses a window outside 1 to 365 whole days with a field message', async () => {
    const admin = await signUp(test)
    for (const value of [0, 366, 1.5, -3, '30', null, 'thirty']) {
      const response = await put(admin, withWindow(value))
      expect(response.statusCode, String(value)).toBe(400)
      expect(response.json().errors, String(value)).toEqual([
        { path: 'reinstatementWindowDays', message: BOOK_SETTINGS_TEXTS.windowInvalid },
      ])
    }
    expect((await put(admin, {})).statusCode).toBe(400)
    expect((await put(admin, { ...withWindow(30), other: 1 })).statusCode).toBe(400)
    expect((await get(admin)).json().settings.reinstatementWindowDays).toBe(30)
  })

  it('keeps each agency’s window its own', async () => {
    const one = await signUp(test)
    const two = await signUp(test)
    await put(one, withWindow(10))
    expect((await get(two)).json().settings.reinstatementWindowDays).toBe(30)
  })
})

describe('the reinstatement window', () => {
  it('follows the agency’s setting, on the policy’s answer and when reinstating', async () => {
    const admin = await signUp(test)
    const policy = await cancelledPolicy(admin, 40)
    expect(policy.canReinstate).toBe(false)
    await put(admin, withWindow(45))
    const now = await test.request({ method: 'GET', url: `/api/policies/${policy.id}`, cookie: admin.cookie })
    expect(now.json().canReinstate).toBe(true)
    const reinstated = await test.request({
      method: 'POST',
      url: `/api/policies/${policy.id}/reinstate`,
      cookie: admin.cookie,
      payload: {},
    })
    expect(reinstated.statusCode, reinstated.body).toBe(200)
    expect(reinstated.json().status).toBe('active')
  })

  it('refuses a reinstatement past a shorter window, naming its days', async () => {
    const admin = await signUp(test)
    await put(admin, withWindow(5))
    const policy = await cancelledPolicy(admin, 10)
    expect(policy.canReinstate).toBe(false)
    const late = await test.request({
      method: 'POST',
      url: `/api/policies/${policy.id}/reinstate`,
      cookie: admin.cookie,
      payload: {},
    })
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe(POLICY_TEXTS.windowPassed.replace('{days}', '5'))
  })
})
