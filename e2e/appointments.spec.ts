import { mkdirSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APPOINTMENT_TEXTS, type Appointment } from '#shared/contracts/appointments.contract.ts'
import { DIRECT_DEPOSIT_TEXTS } from '#shared/contracts/appointments-direct-deposit.contract.ts'
import { UPLOAD_TEXTS } from '#shared/contracts/documents.contract.ts'
import { DOCUMENT_DEFINITIONS } from '#shared/domain/document-types.ts'
import { type FakeCarrier, signedWebhook, startFakeCarrier } from '#test/fake-carrier.ts'
import { pageTitle, signUpThroughApi, uniqueEmail } from './support/app.ts'
import {
  APPLICATION_MESSAGES,
  addCarrier,
  api,
  area,
  expectNoSideScroll,
  expectToast,
  fillApplication,
  openTab,
  samplePdf,
  toastGone,
  upload,
} from './support/appointments.ts'
import {
  baseUrl,
  expectNoSeriousAxeViolations as checkA11y,
  DESKTOP,
  launchBrowser,
  MOBILE,
  newPage,
} from './support/browser.ts'

const T = APPOINTMENT_TEXTS
const D = DIRECT_DEPOSIT_TEXTS
const SHOTS = '/tmp/shots'

let browser: Browser
// The fake carrier reads the secret per request: each journey's connection sets its own.
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

describe.each([
  ['desktop', DESKTOP],
  ['phone', MOBILE],
])('carrier appointments at %s size', (size, viewport) => {
  it('applies once, uploads the documents, saves direct deposit and follows two carriers', {
    timeout: 180_000,
  }, async () => {
    const { page, context } = await newPage(browser, viewport)
    await signUpThroughApi(page, uniqueEmail(`appointments-${size}`))
    await context.grantPermissions(['geolocation'], { origin: baseUrl() })
    await context.setGeolocation({ latitude: 30.2672, longitude: -97.7431 })
    const tag = Date.now().toString(36).slice(-4).toUpperCase()
    const apiCarrier = await addCarrier(page, `Hill Country Life ${tag}`, `HCL-${tag}`, 'api')
    const emailCarrier = await addCarrier(page, `Gulf Coast Mutual ${tag}`, `GCM-${tag}`, 'email')
    const connection = await api<{ secret: string }>(
      page,
      'PUT',
      `/api/carriers/${apiCarrier.id}/connection`,
      {
        apiEndpoint: fake.url,
        rotateSecret: true,
      },
    )
    fakeOptions.secret = connection.secret
    const fullName = `Jordan Avery ${tag}`

    // 1. The application: every message on an empty submit, then a complete one.
    await page.goto('/appointments')
    await pageTitle(page, T.title).waitFor()
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      T.tabNew,
      T.tabDocuments,
      T.tabSubmit,
      T.tabHistory,
    ])
    const form = page.getByRole('form', { name: T.tabNew })
    await form.getByRole('button', { name: 'Submit Application' }).click()
    for (const message of APPLICATION_MESSAGES) await form.getByText(message, { exact: true }).waitFor()
    await expectNoSideScroll(page)
    await checkA11y(page)
    await fillApplication(form, fullName)
    await form.getByRole('button', { name: 'Submit Application' }).click()
    await expectToast(page, T.submitted)
    await page.waitForURL((url) => url.search === '?tab=documents')
    const [created] = (await api<{ data: Appointment[] }>(page, 'GET', '/api/appointments')).data
    expect(created).toMatchObject({ fullName, ipAddress: 'unknown', geoLocation: '30.267200,-97.743100' })
    expect(created?.requestIpAddress).toBeTruthy()

    // 2. Required Docs: the three required files, and one refused file of each kind.
    await page.reload()
    await page.getByRole('tab', { name: T.tabDocuments, selected: true }).waitFor()
    for (const type of ['w9', 'eo_certificate', 'voided_check'] as const) {
      const label = DOCUMENT_DEFINITIONS[type].label
      await upload(page, type, {
        name: `${type}.pdf`,
        mimeType: 'application/pdf',
        buffer: await samplePdf(label),
      })
      await expectToast(page, UPLOAD_TEXTS.uploaded)
      const link = area(page, type).getByRole('link', { name: `Download ${label}` })
      await link.waitFor()
      expect(await link.getAttribute('target')).toBe('_blank')
      const download = await context.request.get((await link.getAttribute('href'))!)
      expect(download.status()).toBe(200)
      expect(download.headers()['x-content-type-options']).toBe('nosniff')
      await toastGone(page)
    }
    await upload(page, 'license_copy', {
      name: 'tool.exe',
      mimeType: 'application/x-msdownload',
      buffer: Buffer.from('MZ'),
    })
    await expectToast(page, UPLOAD_TEXTS.invalidTypeTitle, 'Allowed types: PDF, JPEG, PNG')
    await toastGone(page)
    const big = Buffer.concat([await samplePdf('big'), Buffer.alloc(2.5 * 1024 * 1024)])
    await upload(page, 'voided_check', { name: 'big-check.pdf', mimeType: 'application/pdf', buffer: big })
    await expectToast(page, UPLOAD_TEXTS.tooLargeTitle, 'exceeds maximum size of 2MB')
    await toastGone(page)
    // A program renamed .pdf passes the browser's look at the name; the server reads its content.
    await upload(page, 'license_copy', {
      name: 'license.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('MZ\x90\x00 not a pdf'),
    })
    await expectToast(page, UPLOAD_TEXTS.uploadFailed)
    await toastGone(page)
    await expectNoSideScroll(page)
    await checkA11y(page)
    await page.screenshot({ path: `${SHOTS}/appointments-documents-${size}.png`, fullPage: true })

    // 3. Direct deposit: a routing number that fails the checksum, then a good one.
    const deposit = page.getByRole('form', { name: 'Direct deposit' })
    await deposit.getByLabel('Bank', { exact: true }).selectOption('Other')
    await deposit.getByLabel('Bank name').fill('Hill Country Credit Union')
    await deposit.getByLabel('Routing number').fill('123456789')
    await deposit.getByLabel('Account number', { exact: true }).fill('000123456789')
    await deposit.getByLabel('Confirm account number').fill('000123456789')
    await deposit.getByLabel('Account holder name').fill(fullName)
    await deposit.getByRole('checkbox').check()
    await deposit.getByRole('button', { name: 'Save Direct Deposit' }).click()
    await deposit.getByText(D.routingChecksum).waitFor()
    await deposit.getByLabel('Routing number').fill('021000021')
    await deposit.getByRole('button', { name: 'Save Direct Deposit' }).click()
    await expectToast(page, D.saved)
    const saved = page.getByRole('region', { name: 'Account on file' })
    await saved.getByText('Hill Country Credit Union').waitFor()
    expect(await saved.textContent()).not.toContain('000123456789')
    await toastGone(page)
    await saved.getByRole('button', { name: 'Reveal' }).click()
    await saved.getByText('000123456789').waitFor()
    await checkA11y(page)

    // 4. Submit to Carrier: nothing chosen is refused, then both carriers.
    await openTab(page, T.tabSubmit)
    const carriers = page.getByRole('list', { name: 'Active carriers' })
    await carriers.waitFor()
    await page.getByRole('button', { name: 'Submit', exact: true }).click()
    await expectToast(page, T.noCarriersTitle, T.noCarriers)
    await toastGone(page)
    // The catalogue lists close to a hundred carriers: the filter finds the agency's own.
    const filter = page.getByRole('searchbox', { name: 'Filter carriers' })
    await filter.fill(tag)
    await carriers.getByRole('checkbox', { name: apiCarrier.name }).check()
    await carriers.getByRole('checkbox', { name: emailCarrier.name }).check()
    await page.getByText(/^2 of \d+ selected$/).waitFor()
    await page.getByRole('button', { name: 'Submit', exact: true }).click()
    const results = page.getByRole('list', { name: 'Submission results' })
    await results.waitFor({ timeout: 20_000 })
    expect(
      await page.getByRole('progressbar', { name: 'Submission progress' }).getAttribute('aria-valuenow'),
    ).toBe('100')
    await expectToast(page, T.carrierSubmitted)
    const apiResult = results.getByRole('listitem', { name: apiCarrier.name })
    expect(await apiResult.textContent()).toContain('Success')
    expect(await apiResult.textContent()).toMatch(/Confirmation number: FC-\d{6}/)
    expect(await results.getByRole('listitem', { name: emailCarrier.name }).textContent()).toMatch(
      /Success|Pending/,
    )
    await expectNoSideScroll(page)
    await checkA11y(page)
    await page.screenshot({ path: `${SHOTS}/appointments-results-${size}.png`, fullPage: true })
    expect(JSON.stringify(fake.accepted.at(-1)?.body)).toContain(fullName)

    // 5. The API carrier approves by webhook; the agency admin records the email carrier's answer.
    const [sent] = (await api<{ data: Appointment[] }>(page, 'GET', '/api/appointments')).data
    const submissionId = sent?.carriers.find((carrier) => carrier.carrierId === apiCarrier.id)?.submissionId
    const { payload, headers } = signedWebhook(connection.secret, {
      eventId: `evt-${tag}-approved`,
      submissionId,
      status: 'approved',
      message: 'Appointed in TX and CA',
    })
    const hook = await fetch(`${baseUrl()}/api/carrier-webhooks/${apiCarrier.id}`, {
      method: 'POST',
      headers,
      body: payload,
    })
    expect(hook.status, await hook.text()).toBe(200)

    await page.reload()
    await openTab(page, T.tabHistory)
    const history = page.getByRole('list', { name: 'Applications' })
    const application = history.getByRole('article', { name: new RegExp(fullName) })
    await application.waitFor()
    const row = (name: string) => application.getByRole('listitem', { name })
    await row(apiCarrier.name).getByText('Approved', { exact: true }).waitFor()
    await row(apiCarrier.name).getByText('Appointed in TX and CA').waitFor()
    await row(emailCarrier.name).getByText('Submitted', { exact: true }).waitFor()
    await row(emailCarrier.name).getByLabel(`New status for ${emailCarrier.name}`).selectOption('pending')
    await row(emailCarrier.name)
      .getByRole('button', { name: `Set status for ${emailCarrier.name}` })
      .click()
    await expectToast(page, 'Status updated')
    await row(emailCarrier.name).getByText('Pending', { exact: true }).waitFor()
    // The application's own badge: the furthest any carrier has come.
    expect(await application.locator('[data-status]').first().textContent()).toBe('Approved')
    await expectNoSideScroll(page)
    await checkA11y(page)
    await page.screenshot({ path: `${SHOTS}/appointments-history-${size}.png`, fullPage: true })

    // 6. The email carrier's packet went out through the SMTP sink.
    await page.goto('/outbox')
    const message = page
      .getByRole('list', { name: 'Messages' })
      .getByRole('listitem')
      .filter({ hasText: `contracting-gcm-${tag.toLowerCase()}@carrier.test` })
    await message.getByText('Sent', { exact: true }).waitFor({ timeout: 20_000 })
    await context.close()
  })
})
