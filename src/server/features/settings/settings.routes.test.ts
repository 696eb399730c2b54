import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { auditEventsOf, fieldMessagesOf } from '#test/recorded.ts'
import { activatePlan } from '../agencies/agencies.service.ts'

let test: TestApp
let me: SignedInUser

beforeAll(async () => {
  test = await buildTestApp()
  me = await signUp(test)
})
afterAll(() => test.close())

describe('every settings call', () => {
  it('answers 401 without a session', async () => {
    const calls = [
      ['PUT', '/api/settings/profile'],
      ['PUT', '/api/profile'],
      ['GET', '/api/settings/notifications'],
      ['PUT', '/api/settings/notifications'],
      ['PUT', '/api/notifications'],
      ['GET', '/api/settings/branding'],
      ['PUT', '/api/settings/branding'],
      ['POST', '/api/settings/branding/logo'],
      ['GET', '/api/settings/branding/logo'],
      ['GET', '/api/settings/export-data'],
      ['GET', '/api/subscription/current'],
    ] as const
    for (const [method, url] of calls) {
      const response = await test.request({ method, url, ...(method === 'GET' ? {} : { payload: {} }) })
      expect(response.statusCode, `${method} ${url}`).toBe(401)
    }
  })
})

describe('notification preferences', () => {
  it('answers the defaults: updates on, marketing off, security on, weekly on', async () => {
    const user = await signUp(test)
    const response = await test.request({
      method: 'GET',
      url: '/api/settings/notifications',
      cookie: user.cookie,
    })
    expect(response.json()).toEqual({
      applicationUpdates: true,
      marketingEmails: false,
      securityAlerts: true,
      weeklyReports: true,
      renewalReminders: true,
    })
  })

  it('saves a partial body on both paths, taking the readings a form sends, audited', async () => {
    const user = await signUp(test)
    const first = await test.request({
      method: 'PUT',
      url: '/api/settings/notifications',
      cookie: user.cookie,
      payload: { weeklyReports: 'false', marketingEmails: 'on', renewalReminders: false },
    })
    expect(first.json()).toEqual({
      applicationUpdates: true,
      marketingEmails: true,
      securityAlerts: true,
      weeklyReports: false,
      renewalReminders: false,
    })
    const second = await test.request({
      method: 'PUT',
      url: '/api/notifications',
      cookie: user.cookie,
      payload: { applicationUpdates: false },
    })
    expect(second.json()).toMatchObject({
      applicationUpdates: false,
      marketingEmails: true,
      weeklyReports: false,
    })
    const read = await test.request({
      method: 'GET',
      url: '/api/settings/notifications',
      cookie: user.cookie,
    })
    expect(read.json()).toEqual(second.json())
    const audits = await auditEventsOf(test, user.user.id, 'settings.notifications_updated')
    expect(audits.map((event) => event.details)).toContainEqual({
      changed: { applicationUpdates: { from: true, to: false } },
    })
  })

  it('refuses a value that is not a yes or no, and an unknown preference', async () => {
    const bad = await test.request({
      method: 'PUT',
      url: '/api/settings/notifications',
      cookie: me.cookie,
      payload: { weeklyReports: 'maybe' },
    })
    expect(bad.statusCode).toBe(400)
    expect(fieldMessagesOf(bad.json())).toEqual({ weeklyReports: 'Use true or false' })
    const unknown = await test.request({
      method: 'PUT',
      url: '/api/notifications',
      cookie: me.cookie,
      payload: { smsAlerts: true },
    })
    expect(unknown.statusCode).toBe(400)
  })
})

// The settings view's shape; billing's tests cover the rest of the answer.
describe('GET /api/subscription/current', () => {
  it("answers the agency's plan with its monthly price, and its status", async () => {
    const user = await signUp(test)
    const free = await test.request({ method: 'GET', url: '/api/subscription/current', cookie: user.cookie })
    expect(free.json()).toMatchObject({
      plan: { code: 'free', name: 'Free', price: 0, billingPeriod: 'monthly' },
      status: 'active',
    })
    await activatePlan(test.db, user.user.agencyId, {
      planCode: 'executive',
      billingPeriod: 'monthly',
      endsAt: new Date(Date.now() + 86_400_000),
    })
    const paid = await test.request({ method: 'GET', url: '/api/subscription/current', cookie: user.cookie })
    expect(paid.json()).toMatchObject({
      plan: { code: 'executive', name: 'Executive', price: 424.99, billingPeriod: 'monthly' },
      status: 'active',
    })
  })

  it('answers the yearly price for an agency billed yearly', async () => {
    const user = await signUp(test)
    await activatePlan(test.db, user.user.agencyId, {
      planCode: 'professional',
      billingPeriod: 'yearly',
      endsAt: new Date(Date.now() + 86_400_000),
    })
    const yearly = await test.request({
      method: 'GET',
      url: '/api/subscription/current',
      cookie: user.cookie,
    })
    expect(yearly.json()).toMatchObject({
      plan: { code: 'professional', name: 'Professional', price: 499.99, billingPeriod: 'yearly' },
      status: 'active',
    })
  })
})
