import { readFile } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMPORT_TEXTS } from '#shared/contracts/client-import.contract.ts'
import { pageTitle, signUpThroughApi, toast, uniqueEmail } from './support/app.ts'
import { expectNoSeriousAxeViolations as checkA11y, launchBrowser, newPage } from './support/browser.ts'
import { createClientThroughApi, sampleClient } from './support/clients.ts'

const CSV = [
  'First Name,Last Name,Email,Phone,Date of Birth,Address,City,State,Zip Code,Insurance Type,Notes',
  'Ana,Silva,ana.silva@example.com,5550102030,1990-02-14,1 Main Street,Austin,TX,78701,auto,Referred',
  'Omar,Haddad,omar.haddad@example.com,(555) 010-2040,,,,,,,',
  'Dup,Person,dup@example.com,5550109999,,,,,,,',
  'Bad,Row,not-an-email,5550101111,,,,,,,',
].join('\n')

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function openImportPage(page: Page) {
  await page.goto('/client-import')
  await pageTitle(page, IMPORT_TEXTS.heading).waitFor()
}

function listTexts(page: Page, name: string) {
  return page.getByRole('list', { name, exact: true }).getByRole('listitem').allTextContents()
}

function stat(page: Page, label: string) {
  return page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd').textContent()
}

describe('client import', () => {
  it('downloads both templates under their spec names', async () => {
    const { page, context } = await newPage(browser)
    await signUpThroughApi(page, uniqueEmail('template'))
    await openImportPage(page)
    await page.getByRole('tab', { name: IMPORT_TEXTS.templateTab }).click()
    await checkA11y(page)

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /CSV Template/ }).click(),
    ])
    expect(csv.suggestedFilename()).toBe('client-import-template.csv')
    const header = (await readFile(await csv.path(), 'utf8')).split(/\r?\n/)[0] ?? ''
    expect(header.replace(/^\uFEFF/, '')).toContain('First Name,Last Name,Email,Phone')
    await expect.poll(() => toast(page).textContent()).toContain(IMPORT_TEXTS.templateDownloaded)

    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Excel Template/ }).click(),
    ])
    expect(xlsx.suggestedFilename()).toBe('client-import-template.xlsx')
    const bytes = await readFile(await xlsx.path())
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK')
    await context.close()
  })

  it('imports good rows and lists the duplicate and the bad row', async () => {
    const { page, context } = await newPage(browser)
    await signUpThroughApi(page, uniqueEmail('import'))
    await createClientThroughApi(page, sampleClient({ email: 'dup@example.com' }))
    await openImportPage(page)
    await page.getByText('Getting Started').waitFor()
    await checkA11y(page)

    await page.getByLabel('Choose a file to import').setInputFiles({
      name: 'clients.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV),
    })
    await expect.poll(() => toast(page).textContent()).toContain('Successfully imported 2 out of 4 clients.')
    expect(await toast(page).textContent()).toContain(IMPORT_TEXTS.completeTitle)
    await page.getByRole('heading', { name: 'Import successful' }).waitFor()
    expect(
      await page.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow'),
    ).toBe('100')
    expect(await stat(page, 'Total Rows')).toBe('4')
    expect(await stat(page, 'Imported')).toBe('2')
    expect(await stat(page, 'Success Rate')).toBe('50%')
    expect(await listTexts(page, 'Imported clients')).toEqual([
      'Ana Silva <ana.silva@example.com>',
      'Omar Haddad <omar.haddad@example.com>',
    ])
    expect(await listTexts(page, 'Duplicates skipped')).toEqual(['Row 4: dup@example.com'])
    expect(await listTexts(page, 'Errors')).toEqual([`Row 5 (Email): ${IMPORT_TEXTS.invalidEmail}`])
    await checkA11y(page)

    // The clients screen shows the imported clients without a reload.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Clients', exact: true })
      .click()
    await expect
      .poll(() => page.getByRole('list', { name: 'Clients' }).locator(':scope > li').count())
      .toBe(3)
    await context.close()
  })

  it('refuses an 11 MB file and a .txt file in the browser, and shows the server refusal of a fake CSV', async () => {
    const { page, context } = await newPage(browser)
    await signUpThroughApi(page, uniqueEmail('refuse'))
    await openImportPage(page)
    const input = page.getByLabel('Choose a file to import')

    await input.setInputFiles({
      name: 'big.csv',
      mimeType: 'text/csv',
      buffer: Buffer.alloc(11 * 1024 * 1024, 'a'),
    })
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(IMPORT_TEXTS.tooLarge)
    await input.setInputFiles({ name: 'clients.txt', mimeType: 'text/plain', buffer: Buffer.from(CSV) })
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(IMPORT_TEXTS.wrongType)
    await checkA11y(page)

    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
    await input.setInputFiles({ name: 'photo.csv', mimeType: 'text/csv', buffer: png })
    await expect.poll(() => toast(page).textContent()).toContain(IMPORT_TEXTS.failedTitle)
    expect(await toast(page).textContent()).toContain(IMPORT_TEXTS.wrongType)
    await context.close()
  })
})
