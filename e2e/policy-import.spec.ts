import ExcelJS from 'exceljs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { POLICY_IMPORT_COLUMNS, POLICY_IMPORT_TEXTS as T } from '#shared/contracts/policy-import-texts.ts'
import { newSignedUpPage } from './support/app.ts'
import { expectNoSeriousAxeViolations as checkA11y, launchBrowserForFile, MOBILE } from './support/browser.ts'

const browser = launchBrowserForFile()
const ROWS = 2000

/**
 * A 2,000-policy book as a spreadsheet program saves it: shared strings, dates as date cells and
 * premiums as numbers. LibreOffice is not installed on this machine, so exceljs writes it (as the
 * client import's journeys do without it).
 */
async function bookXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Book')
  sheet.addRow([...POLICY_IMPORT_COLUMNS])
  const carriers = [
    'Amberfield Mutual',
    'Amberfield Mutual Insurance Co.',
    'Glenmoor Casualty',
    'Harbor Light Ins.',
  ]
  const lines = ['auto', 'Property', 'life', 'commercial', 'healthcare']
  for (let i = 0; i < ROWS; i++) {
    const month = i % 12
    sheet.addRow([
      `E2E-${String(i).padStart(5, '0')}`,
      carriers[i % carriers.length],
      lines[i % lines.length],
      `Insured${i % 700}`,
      'Book',
      i % 3 === 0 ? '' : `insured${i % 700}@book.example`,
      String(10_000 + (i % 700)),
      new Date(Date.UTC(2026, month, 1)),
      new Date(Date.UTC(2027, month, 1)),
      800 + (i % 900) + 0.5,
      '',
    ])
  }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

async function importFile(page: Page, buffer: Buffer) {
  await page.getByLabel(T.chooseFile).setInputFiles({
    name: 'book.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  })
  await page.getByTestId('policy-import-results').waitFor({ timeout: 120_000 })
  const stat = (label: string) =>
    page
      .locator('dt', { hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd')
      .textContent()
  return {
    imported: await stat('Imported'),
    duplicates: await stat('Duplicates'),
    refused: await stat('Refused rows'),
  }
}

async function bookSize(page: Page): Promise<number> {
  let count = 0
  let cursor: string | null = null
  do {
    const response = await page
      .context()
      .request.get(`/api/policies?limit=100${cursor ? `&cursor=${cursor}` : ''}`)
    const body = (await response.json()) as { policies: unknown[]; nextCursor: string | null }
    count += body.policies.length
    cursor = body.nextCursor
  } while (cursor)
  return count
}

describe('policy import', () => {
  it('imports a 2,000-row XLSX book, and importing it again adds nothing', async () => {
    const { page, context } = await newSignedUpPage(browser(), 'book')
    const book = await bookXlsx()
    await page.goto('/policies')
    await page.getByRole('button', { name: T.open }).click()
    const dialog = page.getByRole('dialog', { name: T.title })
    await dialog.waitFor()
    await checkA11y(page)
    expect(await importFile(page, book)).toEqual({ imported: '2,000', duplicates: '0', refused: '0' })
    await expect
      .poll(() => dialog.getByRole('status').first().textContent())
      .toContain('Imported 2,000 of 2,000 policies.')
    await checkA11y(page)
    expect(await bookSize(page)).toBe(ROWS)

    expect(await importFile(page, book)).toEqual({ imported: '0', duplicates: '2,000', refused: '0' })
    expect(await bookSize(page)).toBe(ROWS)
    await context.close()
  }, 240_000)

  it('passes axe at 390 px with the dialog and its result open, without sideways scroll', async () => {
    const { page, context } = await newSignedUpPage(browser(), 'book-mobile', MOBILE)
    await page.goto('/policies')
    await page.getByRole('button', { name: T.open }).click()
    await page.getByRole('dialog', { name: T.title }).waitFor()
    await checkA11y(page)
    const csv = `${POLICY_IMPORT_COLUMNS.join(',')}\r\nM-1,Amberfield Mutual,auto,Ana,Silva,,94110,2026-01-01,2027-01-01,900,\r\nM-2,Amberfield Mutual,boat,Ana,Silva,,94110,2026-01-01,2027-01-01,900,\r\n`
    await page
      .getByLabel(T.chooseFile)
      .setInputFiles({ name: 'book.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await page.getByTestId('policy-import-results').waitFor()
    await page.getByRole('list', { name: T.errorsTitle }).getByText(`Row 3: ${T.invalidLine}`).waitFor()
    await checkA11y(page)
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBe(0)
    await context.close()
  }, 120_000)
})
