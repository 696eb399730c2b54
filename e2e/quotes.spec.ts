import { readFile } from 'node:fs/promises'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QUOTE_TEXTS } from '#shared/contracts/quotes.contract.ts'
import { QUOTE_VARIANCE_TEXTS } from '#shared/contracts/quotes-variance-texts.ts'
import { addDays } from '#shared/domain/policy-ledger.ts'
import { type FakeCarrier, signedWebhook, startFakeCarrier } from '#test/fake-carrier.ts'
import { pdftotext } from '#test/poppler.ts'
import { newSignedUpPage, waitForPath } from './support/app.ts'
import { expectNoSideScroll } from './support/appointments.ts'
import {
  baseUrl,
  expectNoSeriousAxeViolations as checkA11y,
  launchBrowserForFile,
  MOBILE,
} from './support/browser.ts'

const browser = launchBrowserForFile()
const today = () => new Date().toISOString().slice(0, 10)

// The fake carrier reads the secret per request: it is set once the connection has made one.
const fakeOptions = { secret: '' }
let fake: FakeCarrier
beforeAll(async () => {
  fake = await startFakeCarrier(fakeOptions)
})
afterAll(async () => {
  await fake?.close()
})

/** A JSON call in the page's signed-in context; fails the test unless it answers `status`. */
async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', url: string, data?: object, status = 200) {
  const response = await page.context().request.fetch(url, { method, data, headers: { Origin: baseUrl() } })
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(status)
  return (await response.json()) as T
}

async function addCarrier(page: Page, name: string, submissionMethod: 'api' | 'email' | 'manual') {
  const code = `${submissionMethod.toUpperCase()}${Date.now() % 100000}`.slice(0, 12)
  return api<{ id: string; name: string }>(
    page,
    'POST',
    '/api/carriers',
    {
      name,
      code,
      state: 'TX',
      states: ['TX'],
      supportedTypes: ['auto'],
      submissionMethod,
      contactEmail: `quotes-${code.toLowerCase()}@carrier.test`,
    },
    201,
  )
}

async function sendApplication(page: Page, carrierIds: string[]) {
  return api<{ id: string }>(
    page,
    'POST',
    '/api/applications',
    {
      clientData: {
        firstName: 'Nia',
        lastName: 'Okoye',
        email: `nia-${Date.now()}@example.com`,
        phone: '555-201-7788',
        dateOfBirth: '1988-02-10',
        ssn: '123-45-6789',
        address: '9 Elm Street',
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
      },
      insuranceType: 'auto',
      bulkSubmissionType: 'specific_carriers',
      carrierId: carrierIds[0],
      secondaryCarrierId: carrierIds[1],
      applicationData: { autoData: { vehicleYear: 2022, vehicleMake: 'Honda', vehicleModel: 'Civic' } },
    },
    201,
  )
}

const quotes = (page: Page) => page.getByRole('table', { name: 'Quotes compared side by side' })

async function enterQuote(page: Page, carrier: string, premium: string, number: string, coverage: string) {
  await page.getByRole('button', { name: 'Enter quote' }).click()
  const dialog = page.getByRole('dialog', { name: 'Enter quote' })
  await dialog.getByLabel('Carrier').selectOption({ label: carrier })
  await dialog.getByLabel('Premium for the term ($)').fill(premium)
  await dialog.getByLabel('Effective date').fill(addDays(today(), 14))
  await dialog.getByLabel('Quote expires').fill(addDays(today(), 30))
  await dialog.getByLabel('Quote number (optional)').fill(number)
  await dialog.getByLabel('Coverage 1', { exact: true }).fill('Bodily injury')
  await dialog.getByLabel('Limit or deductible 1', { exact: true }).fill(coverage)
  await dialog.getByRole('button', { name: 'Save quote' }).click()
  await dialog.waitFor({ state: 'detached' })
}

function columnHeaders(table: Locator) {
  return table.getByRole('columnheader').allTextContents()
}

describe('quotes', () => {
  it('enters two quotes by hand, compares, prints and saves them as a PDF, and binds one', {
    timeout: 180_000,
  }, async () => {
    const { page, context } = await newSignedUpPage(browser(), 'quotes')
    const mailed = await addCarrier(page, 'Paper Mutual E2E', 'email')
    const manual = await addCarrier(page, 'Desk Casualty E2E', 'manual')
    const application = await sendApplication(page, [mailed.id, manual.id])
    await page.goto(`/applications/${application.id}`)
    await page.getByText('No quotes yet.', { exact: false }).waitFor()
    await checkA11y(page)

    await enterQuote(page, mailed.name, '1284', 'PM-1', '100/300')
    await enterQuote(page, manual.name, '598.50', 'DC-9', '50/100')
    await quotes(page).waitFor()
    await expect.poll(() => columnHeaders(quotes(page))).toEqual(['Compared', manual.name, mailed.name])
    await checkA11y(page)

    // Printing shows the comparison alone; Chromium's own PDF of the print is what "Save as PDF" keeps.
    await page.evaluate(() => {
      ;(window as unknown as { printed: number }).printed = 0
      window.print = () => {
        ;(window as unknown as { printed: number }).printed += 1
      }
    })
    await page.getByRole('button', { name: QUOTE_TEXTS.print }).click()
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1)
    await page.emulateMedia({ media: 'print' })
    expect(await page.getByRole('button', { name: 'Enter quote' }).isVisible()).toBe(false)
    expect(await quotes(page).isVisible()).toBe(true)
    const pdf = await page.pdf()
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF')
    await page.emulateMedia({ media: 'screen' })

    // The PDF to send the client is the server's own: both quotes, cheapest first.
    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: QUOTE_TEXTS.savePdf }).click(),
    ])
    expect(saved.suggestedFilename()).toMatch(/^quote-comparison-okoye-\d{4}-\d{2}-\d{2}\.pdf$/)
    const file = await readFile((await saved.path())!)
    expect(file.subarray(0, 5).toString()).toBe('%PDF-')
    const text = pdftotext(file).replace(/\s+/g, ' ')
    expect(text).toContain('Prepared for Nia Okoye')
    expect(text.indexOf(manual.name)).toBeGreaterThan(-1)
    expect(text.indexOf(manual.name)).toBeLessThan(text.indexOf(mailed.name))
    expect(text).toContain('$598.50')
    expect(text).toContain('$1,284.00')

    await page.getByRole('button', { name: `Bind ${mailed.name}’s quote` }).click()
    const dialog = page.getByRole('dialog', { name: `Bind ${mailed.name}’s quote` })
    await dialog.getByLabel('Policy number').fill('PM-2026-001')
    await dialog.getByRole('button', { name: 'Bind quote' }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/policies/'))
    const policyId = new URL(page.url()).pathname.split('/').at(-1)!
    const policy = await api<{ policyNumber: string; annualPremium: number }>(
      page,
      'GET',
      `/api/policies/${policyId}`,
    )
    expect(policy).toMatchObject({ policyNumber: 'PM-2026-001', annualPremium: 1284 })
    await page.goto(`/applications/${application.id}`)
    await quotes(page).waitFor()
    await page.getByRole('link', { name: 'View policy' }).waitFor()
    expect(await page.getByRole('button', { name: 'Enter quote' }).isDisabled()).toBe(true)
    await context.close()
  })

  it('takes an API carrier’s quoted and bound answers through its webhook', {
    timeout: 180_000,
  }, async () => {
    const { page, context } = await newSignedUpPage(browser(), 'quotes-api')
    const carrier = await addCarrier(page, 'Swift Casualty E2E', 'api')
    const connection = await api<{ secret: string }>(page, 'PUT', `/api/carriers/${carrier.id}/connection`, {
      apiEndpoint: fake.url,
      rotateSecret: true,
    })
    fakeOptions.secret = connection.secret
    const application = await sendApplication(page, [carrier.id])
    const submissions = () =>
      api<{ submissions: { id: string; status: string }[] }>(
        page,
        'GET',
        `/api/applications/${application.id}/submissions`,
      )
    await expect
      .poll(async () => (await submissions()).submissions[0]?.status, { timeout: 20_000 })
      .toBe('sent')
    const [submission] = (await submissions()).submissions
    const webhook = async (body: object) => {
      const signed = signedWebhook(connection.secret, body)
      const response = await fetch(`${baseUrl()}/api/carrier-webhooks/${carrier.id}`, {
        method: 'POST',
        headers: signed.headers,
        body: signed.payload,
      })
      expect(response.status).toBe(200)
    }
    await webhook({
      eventId: `q-${Date.now()}`,
      submissionId: submission!.id,
      status: 'quoted',
      quote: {
        premium: 1150,
        termMonths: 12,
        effectiveDate: addDays(today(), 10),
        quoteNumber: 'SC-E2E-1',
        expiresAt: addDays(today(), 20),
        coverages: [{ label: 'Bodily injury', value: '250/500' }],
      },
    })
    await page.goto(`/applications/${application.id}`)
    await quotes(page).waitFor()
    await page.getByRole('button', { name: `Bind ${carrier.name}’s quote` }).click()
    const dialog = page.getByRole('dialog', { name: `Bind ${carrier.name}’s quote` })
    await dialog.getByLabel('Policy number (optional)').waitFor()
    await dialog.getByRole('button', { name: 'Bind quote' }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/policies/'))
    const policyId = new URL(page.url()).pathname.split('/').at(-1)!

    // The bind request reaches the carrier, which answers the policy number on its webhook.
    await expect
      .poll(() => fake.accepted.find((each) => (each.body as { policyId?: string }).policyId === policyId), {
        timeout: 20_000,
      })
      .toBeTruthy()
    const request = fake.accepted.find((each) => (each.body as { policyId?: string }).policyId === policyId)!
    const bindSubmission = (request.body as { submissionId: string }).submissionId
    const comparison = () =>
      api<{ quotes: { bindRequest: { status: string } | null }[] }>(
        page,
        'GET',
        `/api/applications/${application.id}/quotes`,
      )
    await expect.poll(async () => (await comparison()).quotes[0]?.bindRequest?.status).toBe('sent')
    await webhook({
      eventId: `b-${Date.now()}`,
      submissionId: bindSubmission,
      status: 'bound',
      policyNumber: 'SC-POL-778',
    })
    const policy = await api<{ policyNumber: string }>(page, 'GET', `/api/policies/${policyId}`)
    expect(policy.policyNumber).toBe('SC-POL-778')
    await context.close()
  })

  it('reads at 390 px with the comparison scrolling inside its own box', { timeout: 120_000 }, async () => {
    const { page, context } = await newSignedUpPage(browser(), 'quotes-mobile', MOBILE)
    const mailed = await addCarrier(page, 'Paper Mutual Mobile', 'email')
    const manual = await addCarrier(page, 'Desk Casualty Mobile', 'manual')
    const application = await sendApplication(page, [mailed.id, manual.id])
    for (const [carrier, premium] of [
      [mailed, 900],
      [manual, 950],
    ] as const) {
      await api(
        page,
        'POST',
        `/api/applications/${application.id}/quotes`,
        {
          carrierId: carrier.id,
          premium,
          termMonths: 12,
          effectiveDate: addDays(today(), 10),
          expiresAt: addDays(today(), 20),
          coverages: [{ label: 'Collision deductible', value: '$500' }],
        },
        201,
      )
    }
    await page.goto(`/applications/${application.id}`)
    await quotes(page).waitFor()
    await expectNoSideScroll(page)
    await checkA11y(page)
    await page.getByRole('button', { name: 'Enter quote' }).click()
    await page.getByRole('dialog', { name: 'Enter quote' }).waitFor()
    await checkA11y(page)
    await expectNoSideScroll(page)
    await waitForPath(page, `/applications/${application.id}`)

    // The carriers page shows each carrier's indication to bound: two quotes are not enough yet.
    await page.goto('/carriers')
    const figures = page.getByRole('region', { name: `${QUOTE_VARIANCE_TEXTS.title}: ${mailed.name}` })
    await figures.getByText(QUOTE_VARIANCE_TEXTS.notEnough).waitFor()
    await expectNoSideScroll(page)
    await checkA11y(page)
    await context.close()
  })
})
