import ICAL from 'ical.js'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { addDays, addMonths } from '#shared/domain/policy-ledger.ts'
import { newSignedUpPage } from './support/app.ts'
import {
  baseUrl,
  expectNoSeriousAxeViolations as checkA11y,
  launchBrowserForFile,
  MOBILE,
} from './support/browser.ts'
import { createClientThroughApi, sampleClient } from './support/clients.ts'

const browser = launchBrowserForFile()
const today = () => new Date().toISOString().slice(0, 10)

/** A JSON call in the page's signed-in context; fails the test unless it answers `status`. */
async function api<T>(page: Page, method: 'GET' | 'POST', url: string, data?: object, status = 200) {
  const response = await page.context().request.fetch(url, { method, data, headers: { Origin: baseUrl() } })
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(status)
  return (await response.json()) as T
}

async function addCarrier(page: Page, name: string, submissionMethod: 'email' | 'manual') {
  const code = `${submissionMethod.toUpperCase()}${Date.now() % 100000}`.slice(0, 12)
  return api<{ id: string; name: string }>(
    page,
    'POST',
    '/api/carriers',
    {
      name,
      code,
      state: 'PA',
      states: ['PA'],
      supportedTypes: ['auto'],
      submissionMethod,
      contactEmail: `renewals-${code.toLowerCase()}@carrier.test`,
    },
    201,
  )
}

/** A policy whose year started 300 days ago: it expires in about 65 days, inside the horizon. */
async function policyExpiringSoon(
  page: Page,
  carrierId: string,
  policyNumber: string,
  annualPremium: number,
) {
  const clientId = await createClientThroughApi(page, sampleClient())
  const effectiveDate = addDays(today(), -300)
  return api<{ id: string; expirationDate: string }>(
    page,
    'POST',
    '/api/policies',
    {
      policyNumber,
      clientId,
      carrierId,
      lineOfBusiness: 'auto',
      annualPremium,
      effectiveDate,
      expirationDate: addMonths(effectiveDate, 12),
    },
    201,
  )
}

/** The renewal the pipeline made for a policy (it enters at once when written inside the horizon). */
async function renewalOf(page: Page, policyId: string): Promise<string> {
  let id: string | undefined
  await expect
    .poll(
      async () => {
        const answer = await api<{ renewals: { id: string }[] }>(
          page,
          'GET',
          `/api/renewals?policyId=${policyId}`,
        )
        id = answer.renewals[0]?.id
        return Boolean(id)
      },
      { timeout: 30_000 },
    )
    .toBe(true)
  return id!
}

async function enterQuote(page: Page, carrier: string, premium: string, number: string) {
  await page.getByRole('button', { name: 'Enter quote' }).click()
  const dialog = page.getByRole('dialog', { name: 'Enter quote' })
  await dialog.getByLabel('Carrier').selectOption({ label: carrier })
  await dialog.getByLabel('Premium for the term ($)').fill(premium)
  await dialog.getByLabel('Effective date').fill(addDays(today(), 65))
  await dialog.getByLabel('Quote expires').fill(addDays(today(), 30))
  await dialog.getByLabel('Quote number (optional)').fill(number)
  await dialog.getByLabel('Coverage 1', { exact: true }).fill('Bodily injury')
  await dialog.getByLabel('Limit or deductible 1', { exact: true }).fill('100/300')
  await dialog.getByRole('button', { name: 'Save quote' }).click()
  await dialog.waitFor({ state: 'detached' })
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBe(0)
}

describe('renewals', () => {
  it('takes in a policy crossing the horizon, assigns it, prices it at risk, remarkets it and renews with the cheaper quote', {
    timeout: 240_000,
  }, async () => {
    const { page } = await newSignedUpPage(browser(), 'renewals')
    const incumbent = await addCarrier(page, 'Harbor Mutual E2E', 'email')
    const challenger = await addCarrier(page, 'Desk Casualty E2E', 'manual')
    const policy = await policyExpiringSoon(page, incumbent.id, 'HM-2001', 1200)
    const renewalId = await renewalOf(page, policy.id)

    await page.goto('/renewals')
    const board = page.getByRole('region', { name: 'Renewals board' })
    const card = board
      .getByRole('region', { name: /Upcoming/ })
      .getByRole('article')
      .filter({ hasText: 'HM-2001' })
    await card.waitFor()
    await checkA11y(page)
    await card.getByRole('link').click()
    await page.getByRole('heading', { name: 'Renewal of HM-2001' }).waitFor()

    // It came assigned to the policy's producer: unassign it, then assign it again, each move kept.
    const assignee = page.getByLabel('Assignee')
    const me = (await assignee.locator('option').allTextContents()).find((name) => name !== 'Unassigned')!
    await assignee.selectOption({ label: 'Unassigned' })
    await page.getByRole('listitem').filter({ hasText: 'Unassigned' }).first().waitFor()
    await assignee.selectOption({ label: me })
    await page
      .getByRole('listitem')
      .filter({ hasText: `Assigned to ${me}` })
      .first()
      .waitFor()
    // The carrier's offer at +15%: past the threshold.
    await page.getByRole('button', { name: 'Record offer' }).click()
    const offer = page.getByRole('dialog', { name: 'Record the renewal offer' })
    await offer.getByLabel('Premium for the term ($)').fill('1380')
    await offer.getByRole('button', { name: 'Record offer' }).click()
    const recorded = page.getByRole('dialog', { name: 'Offer recorded' })
    await recorded.getByText('At risk: past your agency’s threshold', { exact: false }).waitFor()
    await recorded.getByRole('button', { name: 'Done' }).click()
    await page.getByText('At risk', { exact: true }).first().waitFor()

    // Remarket to the challenger (the expiring carrier comes along), sent at once.
    await page.getByRole('button', { name: 'Remarket' }).click()
    const remarket = page.getByRole('dialog', { name: 'Remarket this renewal' })
    await remarket.getByLabel('Only the carriers I choose').check()
    await remarket.getByLabel(challenger.name).check()
    await remarket.getByRole('button', { name: 'Remarket' }).click()
    const remarketed = page.getByRole('dialog', { name: 'Renewal remarketed' })
    await remarketed.getByText('The new application was sent to the carriers.').waitFor()
    await remarketed.getByRole('link', { name: 'Open the application' }).click()

    // Both carriers quote; the challenger is cheaper.
    await page.getByText('No quotes yet.', { exact: false }).waitFor()
    await enterQuote(page, incumbent.name, '1290', 'HM-R1')
    await enterQuote(page, challenger.name, '1105', 'DC-R1')

    await page.goto(`/renewals/${renewalId}`)
    const comparison = page.getByRole('table', { name: 'The renewal offer and the quotes, cheapest first' })
    await comparison.getByText(`Quote from ${challenger.name}`).waitFor()
    const rows = comparison.getByRole('row')
    await expect.poll(() => rows.nth(1).textContent()).toContain(challenger.name)
    await checkA11y(page)
    await comparison.getByRole('button', { name: `Renew with Quote from ${challenger.name}` }).click()
    const renew = page.getByRole('dialog', { name: 'Renew this policy' })
    await renew.getByLabel('New policy number').fill('DC-77001')
    await renew.getByRole('button', { name: 'Renew' }).click()
    await page.getByText('Renewed: a new policy with the new carrier carries the next term.').waitFor()
    await page.getByRole('link', { name: 'View the policy carrying the next term' }).first().click()
    await page.getByRole('heading', { name: /DC-77001/ }).waitFor()
  })

  it('shows a lost renewal with its reason in the lost-reasons chart', { timeout: 120_000 }, async () => {
    const { page } = await newSignedUpPage(browser(), 'renewals-lost')
    const carrier = await addCarrier(page, 'Lost Harbor E2E', 'email')
    const policy = await policyExpiringSoon(page, carrier.id, 'LH-3001', 900)
    const renewalId = await renewalOf(page, policy.id)
    await page.goto(`/renewals/${renewalId}`)
    await page.getByRole('button', { name: 'Move stage' }).click()
    const move = page.getByRole('dialog', { name: 'Move stage' })
    await move.getByLabel('Move to').selectOption({ label: 'Lost' })
    await move.getByLabel('Lost reason').selectOption({ label: 'Price' })
    await move.getByRole('button', { name: 'Move stage' }).click()
    await move.waitFor({ state: 'detached' })
    await page.getByText('Lost: Price').waitFor()

    const month = policy.expirationDate.slice(0, 7)
    await page.goto(`/renewals/retention?from=${month}&to=${month}`)
    const chart = page.getByRole('img', { name: /Lost renewals by reason/ })
    await expect.poll(() => chart.getAttribute('aria-label')).toMatch(/Price: 1/)
    await checkA11y(page)
  })

  it('gives a calendar feed that a maintained iCalendar parser reads, and 404 once revoked', async () => {
    const { page } = await newSignedUpPage(browser(), 'renewals-calendar')
    const carrier = await addCarrier(page, 'Calendar Mutual E2E', 'email')
    const policy = await policyExpiringSoon(page, carrier.id, 'CM-4001', 700)
    await renewalOf(page, policy.id)
    const feed = await api<{ url: string }>(page, 'POST', '/api/renewals/calendar-feed', {}, 201)
    // Read as a calendar app reads it: no session, the token is the secret.
    const anonymous = await browser().newContext()
    const path = new URL(feed.url).pathname + new URL(feed.url).search
    const response = await anonymous.request.get(baseUrl() + path)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toContain('text/calendar')
    const calendar = new ICAL.Component(ICAL.parse(await response.text()))
    const events = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event))
    expect(events.length).toBeGreaterThan(0)
    expect(events.every((event) => event.summary.includes('CM-4001'))).toBe(true)
    expect(events.every((event) => event.startDate.isDate)).toBe(true)
    await api(page, 'POST', '/api/renewals/calendar-feed', {}, 201)
    expect((await anonymous.request.get(baseUrl() + path)).status()).toBe(404)
    await anonymous.close()
  })

  it('passes axe at 390 px on the board, the list, a renewal and retention, without sideways scroll', {
    timeout: 120_000,
  }, async () => {
    const { page } = await newSignedUpPage(browser(), 'renewals-mobile', MOBILE)
    const carrier = await addCarrier(page, 'Phone Mutual E2E', 'email')
    const policy = await policyExpiringSoon(page, carrier.id, 'PM-5001', 1500)
    const renewalId = await renewalOf(page, policy.id)
    for (const path of [
      '/renewals',
      '/renewals?view=list',
      `/renewals/${renewalId}`,
      '/renewals/retention',
    ]) {
      await page.goto(path)
      await page.getByRole('heading', { level: 1 }).waitFor()
      await page.waitForLoadState('networkidle')
      await noSidewaysScroll(page)
      await checkA11y(page)
    }
  })
})
