import { mkdirSync } from 'node:fs'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BULK_TEXTS } from '#shared/contracts/bulk-submission.contract.ts'
import { SUBMISSION_STATUS_LABELS } from '#shared/domain/submission-status.ts'
import { type FakeCarrier, signedWebhook, startFakeCarrier } from '#test/fake-carrier.ts'
import { pageTitle, signUpThroughApi, toast, uniqueEmail, waitForPath } from './support/app.ts'
import {
  baseUrl,
  expectNoSeriousAxeViolations as checkA11y,
  DESKTOP,
  launchBrowser,
  MOBILE,
  newPage,
} from './support/browser.ts'

const SHOTS = '/tmp/shots'

let browser: Browser
// The fake carrier reads the secret per request: it is set once the connection has made one.
const fakeOptions = { secret: '' }
let fake: FakeCarrier
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  browser = await launchBrowser()
  fake = await startFakeCarrier(fakeOptions)
})
afterAll(async () => {
  await fake?.close()
  await browser?.close()
})

type Method = 'api' | 'email' | 'pdf' | 'manual'

/** A JSON call in the page's signed-in context; fails the test unless it answers `status`. */
async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', url: string, data?: object, status = 200) {
  const response = await page.context().request.fetch(url, {
    method,
    data,
    headers: { Origin: baseUrl() },
  })
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(status)
  return (await response.json()) as T
}

async function addCarrier(page: Page, name: string, code: string, submissionMethod: Method) {
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
      contactEmail: `submissions-${code.toLowerCase()}@carrier.test`,
    },
    201,
  )
}

interface SubmissionRow {
  id: string
  carrierId: string
  status: string
}

function modal(page: Page): Locator {
  return page.getByRole('dialog', { name: BULK_TEXTS.title })
}

/**
 * Waits out the current toast (5 s). Its Dismiss button cannot be used while the modal is open:
 * the dialog hides everything else from assistive technology, and a click outside would close it.
 */
async function toastGone(page: Page) {
  await toast(page).waitFor({ state: 'detached', timeout: 10_000 })
}

async function expectToast(page: Page, ...texts: string[]) {
  for (const text of texts) await expect.poll(() => toast(page).textContent()).toContain(text)
}

describe('smart bulk submission', () => {
  it('recommends, submits by every method, and follows a carrier webhook', { timeout: 90_000 }, async () => {
    const { page, context } = await newPage(browser)
    await signUpThroughApi(page, uniqueEmail('bulk'))

    // 1. The agency's own carriers, all writing auto in TX, and an application sent to the PDF one.
    const tag = Date.now().toString(36).slice(-4).toUpperCase()
    const connected = await addCarrier(page, `Lone Star Direct ${tag}`, `LSD-${tag}`, 'api')
    const email = await addCarrier(page, `Bluebonnet Mail ${tag}`, `BBM-${tag}`, 'email')
    const manual = await addCarrier(page, `Pecos Hand ${tag}`, `PEC-${tag}`, 'manual')
    const pdf = await addCarrier(page, `Alamo Paper ${tag}`, `ALP-${tag}`, 'pdf')
    const unconnected = await addCarrier(page, `Brazos Offline ${tag}`, `BRZ-${tag}`, 'api')
    const connection = await api<{ secret: string; webhookUrl: string }>(
      page,
      'PUT',
      `/api/carriers/${connected.id}/connection`,
      { apiEndpoint: fake.url, rotateSecret: true },
    )
    expect(connection.secret).toBeTruthy()
    fakeOptions.secret = connection.secret
    const application = await api<{ id: string }>(
      page,
      'POST',
      '/api/applications',
      {
        clientData: {
          firstName: 'Nia',
          lastName: `Okoye${tag}`,
          email: uniqueEmail('nia'),
          phone: '555-201-7788',
          dateOfBirth: '1983-02-10',
          ssn: '123-45-6789',
          address: '9 Elm Street',
          city: 'Austin',
          state: 'TX',
          zipCode: '78701',
        },
        insuranceType: 'auto',
        bulkSubmissionType: 'specific_carriers',
        carrierId: pdf.id,
        applicationData: { autoData: { vehicleYear: 2021, vehicleMake: 'Subaru', vehicleModel: 'Outback' } },
      },
      201,
    )
    const clientName = `Nia Okoye${tag}`

    // 2. Smart Submit from the application's row.
    await page.goto('/applications')
    await page.getByRole('button', { name: `${BULK_TEXTS.smartSubmit} for ${clientName}` }).click()
    const dialog = modal(page)
    await dialog.getByRole('form', { name: 'Client profile' }).waitFor()
    await checkA11y(page)

    // Profile gate: an age of 0 gets no recommendations.
    await dialog.getByLabel('Age', { exact: true }).fill('0')
    await dialog.getByRole('button', { name: 'Get Recommendations' }).click()
    await expectToast(page, BULK_TEXTS.profileRequiredTitle, BULK_TEXTS.profileRequired)
    expect(await dialog.getByRole('form', { name: 'Client profile' }).isVisible()).toBe(true)

    await dialog.getByLabel('Age', { exact: true }).fill('42')
    await dialog.getByLabel('State', { exact: true }).selectOption('TX')
    await dialog.getByLabel('ZIP code').fill('78701')
    await dialog.getByLabel('Years insured').fill('10')
    await dialog.getByLabel('Claims filed').fill('0')
    expect(await dialog.getByLabel('Insurance type').inputValue()).toBe('auto')
    await dialog.getByRole('button', { name: 'Get Recommendations' }).click()

    // Recommendations: each of the agency's carriers with a score, a level and its reasons.
    const recommended = dialog.getByRole('list', { name: 'Recommended carriers' })
    await recommended.waitFor()
    for (const carrier of [connected, email, manual, pdf, unconnected]) {
      const card = recommended.getByRole('article', { name: carrier.name })
      await card.waitFor()
      expect(await card.textContent()).toMatch(/Match score\d{1,3}\/100/)
      await card.getByRole('progressbar', { name: `Match score for ${carrier.name}` }).waitFor()
      expect(await card.textContent()).toMatch(/Excellent|Good|Fair|Poor/)
      expect(await card.textContent()).toMatch(/\$[\d,]+\/year/)
      await card
        .getByRole('list', { name: `Why ${carrier.name}` })
        .getByText('Licensed in TX')
        .waitFor()
    }
    await checkA11y(page)

    // The modal on a phone: full screen, nothing wider than the screen.
    await toastGone(page)
    await page.setViewportSize(MOBILE)
    const overflow = () =>
      page.evaluate(() => {
        const box = document.querySelector('[role="dialog"]') as HTMLElement
        return box.scrollWidth - box.clientWidth + document.documentElement.scrollWidth - window.innerWidth
      })
    await expect.poll(overflow).toBeLessThanOrEqual(0)
    await checkA11y(page)
    await page.screenshot({ path: `${SHOTS}/bulk-modal-mobile.png` })
    await page.setViewportSize(DESKTOP)

    // Selection gate: nothing is picked for the agent, and submitting nothing is refused.
    await dialog.getByRole('button', { name: 'Choose Carriers' }).click()
    const choices = dialog.getByRole('list', { name: 'Carriers to submit to' })
    await choices.waitFor()
    expect(await choices.getByRole('checkbox', { checked: true }).count()).toBe(0)
    await dialog.getByRole('button', { name: 'Submit to 0 carriers' }).click()
    await expectToast(page, BULK_TEXTS.noCarriersTitle, BULK_TEXTS.noCarriers)
    // The toast sits over the modal's footer: the pointer dismisses it, and the modal stays.
    await page
      .locator('[data-toast]')
      .getByRole('button', { name: 'Dismiss', includeHidden: true })
      .click({ timeout: 3_000 })
    await page.locator('[data-toast]').waitFor({ state: 'detached', timeout: 3_000 })
    await choices.waitFor()
    for (const carrier of [connected, email, manual, unconnected]) {
      await choices.getByRole('checkbox', { name: carrier.name }).check()
    }
    await dialog.getByText(/^4 of \d+ selected$/).waitFor()
    await checkA11y(page)
    await dialog.getByRole('button', { name: 'Submit to 4 carriers' }).click()

    // Results: one success per method, and the carrier without a connection fails with the reason.
    const results = dialog.getByRole('list', { name: 'Submission results' })
    await results.waitFor({ timeout: 15_000 })
    const result = (name: string) => results.getByRole('listitem', { name })
    await expect.poll(() => result(connected.name).textContent(), { timeout: 10_000 }).toContain('Success')
    expect(await result(connected.name).textContent()).toMatch(/API submission.*Confirmation FC-\d{6}/)
    await expect.poll(() => result(email.name).textContent(), { timeout: 10_000 }).toContain('Success')
    expect(await result(email.name).textContent()).toContain('Email submission')
    expect(await result(manual.name).textContent()).toContain('Success')
    expect(await result(manual.name).textContent()).toContain('Manual submission')
    expect(await result(unconnected.name).textContent()).toContain('Failed')
    expect(await result(unconnected.name).textContent()).toContain(
      `No API connection for ${unconnected.name}`,
    )
    await dialog.getByText('3 of 4 submissions successful').waitFor()
    // The applications screen's toast replaces the modal's.
    await expectToast(page, BULK_TEXTS.completed, '3 successful, 1 failed submissions')
    await checkA11y(page)
    await page.screenshot({ path: `${SHOTS}/bulk-results.png` })

    // The fake carrier took the application once, signed, for this client.
    expect(fake.accepted).toHaveLength(1)
    expect(JSON.stringify(fake.accepted[0]?.body)).toContain(`Okoye${tag}`)

    await dialog.getByRole('button', { name: 'Close' }).last().click()
    await dialog.waitFor({ state: 'detached' })

    // 3. The carrier reports progress by webhook; the details page shows it.
    const { submissions } = await api<{ submissions: SubmissionRow[] }>(
      page,
      'GET',
      `/api/applications/${application.id}/submissions`,
    )
    const apiSubmission = submissions.find((submission) => submission.carrierId === connected.id)
    expect(apiSubmission?.status).toBe('sent')
    const { payload, headers } = signedWebhook(connection.secret, {
      eventId: `evt-${tag}-1`,
      submissionId: apiSubmission!.id,
      status: 'under_review',
      message: 'Underwriting started',
    })
    const hook = await fetch(`${baseUrl()}/api/carrier-webhooks/${connected.id}`, {
      method: 'POST',
      headers,
      body: payload,
    })
    expect(hook.status, await hook.text()).toBe(200)

    await page.goto(`/applications/${application.id}`)
    await waitForPath(page, `/applications/${application.id}`)
    await pageTitle(page, 'Application Details').waitFor()
    const listed = page.getByRole('list', { name: 'Carrier submissions' })
    await listed.waitFor()
    const submission = (name: string) => listed.getByRole('article', { name })
    const apiItem = submission(connected.name)
    await apiItem.getByText(SUBMISSION_STATUS_LABELS.under_review, { exact: true }).waitFor()
    await apiItem.getByText(/^History \(\d+\)$/).click()
    await apiItem.getByText('Sent → Under review').waitFor()
    await apiItem
      .getByRole('listitem')
      .filter({ hasText: 'Carrier' })
      .getByText('Underwriting started')
      .waitFor()
    // Every other carrier's copy where delivery left it.
    await submission(email.name).getByText(SUBMISSION_STATUS_LABELS.sent, { exact: true }).waitFor()
    await submission(manual.name)
      .getByText(SUBMISSION_STATUS_LABELS.action_required, { exact: true })
      .waitFor()
    await submission(manual.name).getByRole('button', { name: 'Mark as sent' }).waitFor()
    await submission(pdf.name).getByText(SUBMISSION_STATUS_LABELS.action_required, { exact: true }).waitFor()
    await submission(pdf.name)
      .getByRole('link', { name: `Download packet for ${pdf.name}` })
      .waitFor()
    await submission(unconnected.name).getByText(SUBMISSION_STATUS_LABELS.failed, { exact: true }).waitFor()
    await submission(unconnected.name).getByRole('button', { name: 'Retry' }).waitFor()
    await checkA11y(page)
    await apiItem.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SHOTS}/application-detail-webhook.png` })

    // 4. The email carrier's message went to the SMTP sink.
    await page.goto('/outbox')
    const message = page
      .getByRole('list', { name: 'Messages' })
      .getByRole('listitem')
      .filter({ hasText: `submissions-bbm-${tag.toLowerCase()}@carrier.test` })
    await message.waitFor()
    await message.getByText('Sent', { exact: true }).waitFor()
    await context.close()
  })
})
