import { PDFDocument, StandardFonts } from 'pdf-lib'
import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { FORM_FIELD_MESSAGES } from '#shared/contracts/appointments.contract.ts'
import { DOCUMENT_DEFINITIONS, type DocumentType } from '#shared/domain/document-types.ts'
import { toast } from './app.ts'
import { baseUrl } from './browser.ts'

/** Every message of the application's table a person can cause (the IP address is not typed). */
export const APPLICATION_MESSAGES = FORM_FIELD_MESSAGES

/** A JSON call in the page's signed-in context; fails the test unless it answers `status`. */
export async function api<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  data?: object,
  status = 200,
) {
  const response = await page.context().request.fetch(url, { method, data, headers: { Origin: baseUrl() } })
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(status)
  return (await response.json()) as T
}

export async function addCarrier(page: Page, name: string, code: string, submissionMethod: 'api' | 'email') {
  return api<{ id: string; name: string }>(
    page,
    'POST',
    '/api/carriers',
    {
      name,
      code,
      state: 'TX',
      states: ['TX'],
      supportedTypes: ['life'],
      submissionMethod,
      contactEmail: `contracting-${code.toLowerCase()}@carrier.test`,
    },
    201,
  )
}

/** A real one-page PDF: the packet appends the uploads, so they must be PDFs a reader opens. */
export async function samplePdf(title: string): Promise<Buffer> {
  const document = await PDFDocument.create()
  const font = await document.embedFont(StandardFonts.Helvetica)
  document.addPage([612, 792]).drawText(title, { x: 72, y: 700, size: 18, font })
  return Buffer.from(await document.save())
}

export async function expectToast(page: Page, ...texts: string[]) {
  for (const text of texts) await expect.poll(() => toast(page).textContent()).toContain(text)
}

/** Nothing on the page is wider than the screen. */
export async function expectNoSideScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0)
}

/** Fills the universal application as an agent licensed in TX and CA. */
export async function fillApplication(form: Locator, fullName: string) {
  await form.getByLabel('Full name', { exact: true }).fill(fullName)
  await form.getByLabel('NPN (National Producer Number)').fill('19283746')
  await form.getByLabel('Email', { exact: true }).fill('producer@example.com')
  await form.getByLabel('Phone').fill('(555) 201-7788')
  await form.getByRole('checkbox', { name: 'TX (Texas)' }).check()
  await form.getByRole('checkbox', { name: 'CA (California)' }).check()
  await form.getByRole('checkbox', { name: 'Life & Health' }).check()
  await form.getByLabel('E&O insurance carrier').fill('Lone Star E&O Mutual')
  await form.getByLabel('E&O amount').selectOption('1000000')
  await form.getByLabel('E&O expiration date').fill('2027-06-30')
  await form.getByRole('checkbox', { name: /disciplinary/ }).check()
  await form.getByLabel('Background details').fill('2019 late CE filing in TX, fined and closed.')
  for (const name of [
    /signed the W-9/,
    /signed the E&O/,
    /voided check/,
    /terms of use/,
    /privacy/,
    /sign electronically/,
  ])
    await form.getByRole('checkbox', { name }).check()
  await form.getByLabel('Electronic signature (type your full name)').fill(fullName)
}

export async function openTab(page: Page, name: string) {
  await toastGone(page)
  await page.getByRole('tab', { name }).click()
  await page.getByRole('tab', { name, selected: true }).waitFor()
}

/** On a phone the toast sits over the top of the page: let it go before pointing there. */
export async function toastGone(page: Page) {
  if ((await toast(page).count()) === 0) return
  await toast(page)
    .getByRole('button', { name: 'Dismiss', includeHidden: true })
    .click({ timeout: 3_000 })
    .catch(() => {})
  await toast(page).waitFor({ state: 'detached', timeout: 10_000 })
}

export function area(page: Page, type: DocumentType) {
  return page
    .getByRole('list', { name: 'Documents' })
    .getByRole('listitem', { name: new RegExp(`^${DOCUMENT_DEFINITIONS[type].label}`) })
}

export async function upload(
  page: Page,
  type: DocumentType,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const label = DOCUMENT_DEFINITIONS[type].label
  await area(page, type).getByLabel(`Choose a file for ${label}`).setInputFiles(file)
}
