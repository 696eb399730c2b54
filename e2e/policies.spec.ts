import { mkdirSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { POLICY_HISTORY_TEXTS } from '#shared/contracts/compliance-policy-history.contract.ts'
import { POLICY_TEXTS } from '#shared/contracts/policies.contract.ts'
import { POLICY_DOCUMENT_TEXTS } from '#shared/contracts/policies-documents.contract.ts'
import { AUDIT_ACTIONS } from '#shared/domain/audit-actions.ts'
import { POLICY_DOCUMENT_LABELS } from '#shared/domain/policy-documents.ts'
import { addDays, addMonths, returnPremium } from '#shared/domain/policy-ledger.ts'
import { newSignedUpPage, pageTitle, toast } from './support/app.ts'
import {
  baseUrl,
  expectNoSeriousAxeViolations as checkA11y,
  launchBrowserForFile,
  MOBILE,
} from './support/browser.ts'
import { createClientThroughApi, sampleClient } from './support/clients.ts'

const browser = launchBrowserForFile()
const SHOTS = '/tmp/shots'

/** The server dates transactions by its UTC calendar. */
const today = () => new Date().toISOString().slice(0, 10)
const dollars = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' })

/** A term that started 65 days ago and runs a year. */
function currentTerm() {
  const effectiveDate = addDays(today(), -65)
  return { effectiveDate, expirationDate: addMonths(effectiveDate, 12) }
}

async function firstCarrierId(page: Page): Promise<{ id: string; name: string }> {
  const response = await page.context().request.get('/api/carriers')
  const carriers = (await response.json()).data as { id: string; name: string; isActive: boolean }[]
  return carriers.filter((carrier) => carrier.isActive).sort((a, b) => a.name.localeCompare(b.name))[0]!
}

async function createPolicyThroughApi(page: Page, clientId: string, policyNumber: string): Promise<string> {
  const carrier = await firstCarrierId(page)
  const response = await page.context().request.post('/api/policies', {
    data: {
      policyNumber,
      clientId,
      carrierId: carrier.id,
      lineOfBusiness: 'auto',
      annualPremium: 1200,
      ...currentTerm(),
    },
    headers: { Origin: baseUrl() },
  })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()).id
}

/** A small PDF as a carrier sends one: the server judges a file by its first bytes. */
const DECLARATIONS = {
  name: 'declarations.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
}

/** Adds the declarations page to the open policy through its form, and waits for it in the list. */
async function uploadDeclarations(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Add a document' })
  await form.getByLabel('Document type').selectOption('declarations')
  await form.getByLabel('File').setInputFiles(DECLARATIONS)
  await form.getByRole('button', { name: 'Upload' }).click()
  await expect.poll(() => toast(page).textContent()).toContain(POLICY_DOCUMENT_TEXTS.uploaded)
  await page.getByRole('list', { name: 'Documents' }).getByRole('link', { name: DECLARATIONS.name }).waitFor()
}

const historyOf = (page: Page) => page.getByRole('list', { name: 'History' }).getByRole('listitem')

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBe(0)
}

describe('policies', () => {
  it('enters a policy, endorses it, cancels it pro-rata with the return premium shown first, and reinstates it', async () => {
    const { page, context } = await newSignedUpPage(browser(), 'policies')
    const client = sampleClient({ firstName: 'Rosa', lastName: 'Delgado' })
    const clientId = await createClientThroughApi(page, client)
    const carrier = await firstCarrierId(page)
    const term = currentTerm()

    await page.goto('/policies')
    await pageTitle(page, POLICY_TEXTS.title).waitFor()
    await checkA11y(page)
    await page.getByRole('button', { name: 'Add policy' }).click()
    const add = page.getByRole('dialog', { name: 'Add policy' })
    await add.getByRole('button', { name: 'Add policy' }).click()
    await add.getByText(POLICY_TEXTS.policyNumberRequired).waitFor()
    await checkA11y(page)
    await add.getByLabel('Policy number').fill('RD-2001')
    await add.getByLabel('Line of business').selectOption('auto')
    await add.getByRole('searchbox', { name: 'Search clients' }).fill('Delgado')
    await add.getByRole('option', { name: /Rosa Delgado/ }).waitFor({ state: 'attached' })
    await add.getByLabel('Client', { exact: true }).selectOption(clientId)
    await add.getByLabel('Carrier').selectOption(carrier.id)
    await add.getByLabel('Effective date').fill(term.effectiveDate)
    await add.getByLabel('Expiration date').fill(term.expirationDate)
    await add.getByLabel('Annual premium ($)').fill('1200')
    await add.getByRole('button', { name: 'Add policy' }).click()
    await pageTitle(page, 'Policy RD-2001').waitFor()

    await page.getByRole('button', { name: 'Endorse' }).click()
    const endorse = page.getByRole('dialog', { name: 'Endorse RD-2001' })
    await endorse.getByLabel('Effective date').fill(addDays(term.effectiveDate, 10))
    await endorse.getByLabel('Premium change ($)').fill('100')
    await endorse.getByLabel('Description').fill('Added a teen driver')
    await endorse.getByRole('button', { name: 'Endorse' }).click()
    await page.getByText('Added a teen driver').waitFor()

    const expected = returnPremium({
      ...term,
      writtenPremiumCents: 130_000,
      cancellationDate: today(),
      method: 'pro_rata',
    })
    await page.getByRole('button', { name: 'Cancel policy' }).click()
    const cancel = page.getByRole('dialog', { name: 'Cancel RD-2001' })
    await cancel.getByLabel('Effective date').fill(today())
    await cancel.getByLabel('Reason').selectOption('insured_request')
    await expect.poll(() => cancel.getByTestId('return-premium').textContent()).toBe(dollars(expected))
    await checkA11y(page)
    await cancel.getByRole('button', { name: 'Cancel policy' }).click()
    await expect.poll(() => toast(page).textContent()).toContain(`Return premium: ${dollars(expected)}`)
    await page.getByRole('button', { name: 'Reinstate' }).click()
    await page.getByRole('button', { name: 'Endorse' }).waitFor()
    // The terms' ledger (the commission section lists the same transactions with their rates).
    await page
      .getByRole('region', { name: 'Terms and transactions' })
      .getByRole('cell', { name: 'Reinstatement' })
      .waitFor()
    await checkA11y(page)

    // Its history, newest first, from the audit log; then a document with its type, which the
    // history records too, and which downloads as it was sent.
    await page.getByText(POLICY_HISTORY_TEXTS.everyone).waitFor()
    const changes = ['policy.reinstated', 'policy.cancelled', 'policy.endorsed', 'policy.created'].map(
      (action) => AUDIT_ACTIONS[action]!.description,
    )
    // Each entry opens with what was done, then when and by whom.
    const described = async () =>
      (await historyOf(page).allTextContents()).map((line) =>
        changes.find((change) => line.startsWith(change)),
      )
    await expect.poll(described).toEqual(changes)
    await page.getByText('No documents yet.').waitFor()
    await uploadDeclarations(page)
    const row = page.getByRole('list', { name: 'Documents' }).getByRole('listitem').first()
    expect(await row.textContent()).toContain(POLICY_DOCUMENT_LABELS.declarations)
    const href = await row.getByRole('link', { name: DECLARATIONS.name }).getAttribute('href')
    const download = await page.context().request.get(href!)
    expect(download.status()).toBe(200)
    expect(Buffer.from(await download.body()).equals(DECLARATIONS.buffer)).toBe(true)
    await expect
      .poll(() => historyOf(page).first().textContent())
      .toContain(AUDIT_ACTIONS['policy.document_attached']!.description)
    await page.reload()
    await page
      .getByRole('list', { name: 'Documents' })
      .getByRole('link', { name: DECLARATIONS.name })
      .waitFor()
    await checkA11y(page)

    await page.getByRole('link', { name: 'Rosa Delgado' }).click()
    await page.getByRole('list', { name: 'Client policies' }).getByRole('link', { name: 'RD-2001' }).waitFor()
    await page.goto('/policies?q=Delgado')
    await page.getByRole('link', { name: 'RD-2001' }).waitFor()
    await context.close()
  })

  it('passes axe at 390 px on the list, a policy with its documents and history, its cancel dialog and the client page, without sideways page scroll', async () => {
    const { page, context } = await newSignedUpPage(browser(), 'policies-mobile', MOBILE)
    const clientId = await createClientThroughApi(page, sampleClient())
    const policyId = await createPolicyThroughApi(page, clientId, 'MB-3001')

    await page.goto('/policies')
    await page.getByRole('link', { name: 'MB-3001' }).waitFor()
    await noSidewaysScroll(page)
    await checkA11y(page)

    await page.goto(`/policies/${policyId}`)
    await pageTitle(page, 'Policy MB-3001').waitFor()
    await historyOf(page).first().waitFor()
    await noSidewaysScroll(page)
    await checkA11y(page)
    // A long file name and its type badge wrap rather than push the page sideways.
    await uploadDeclarations(page)
    await noSidewaysScroll(page)
    await checkA11y(page)
    mkdirSync(SHOTS, { recursive: true })
    await page.screenshot({ path: `${SHOTS}/policy-documents-history-390.png`, fullPage: true })
    await page.getByRole('button', { name: 'Cancel policy' }).click()
    const cancel = page.getByRole('dialog', { name: 'Cancel MB-3001' })
    await expect.poll(() => cancel.getByTestId('return-premium').textContent()).toMatch(/^\$/)
    await checkA11y(page)
    await page.keyboard.press('Escape')

    await page.goto(`/clients/${clientId}`)
    await page.getByRole('list', { name: 'Client policies' }).waitFor()
    await noSidewaysScroll(page)
    await checkA11y(page)
    await context.close()
  })
})
