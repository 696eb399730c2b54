import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { APPLICATION_TEXTS } from '#shared/contracts/applications.contract.ts'
import { newSignedUpPage, pageTitle } from './support/app.ts'
import {
  baseUrl,
  expectNoSeriousAxeViolations as checkA11y,
  launchBrowserForFile,
} from './support/browser.ts'

const browser = launchBrowserForFile()

describe('applications list', () => {
  it('filters, exports the filtered CSV, opens a detail and moves its status', {
    timeout: 120_000,
  }, async () => {
    const { page, context } = await newSignedUpPage(browser(), 'apps-list')
    for (const [type, name] of [
      ['auto', 'Nia'],
      ['life', 'Omar'],
    ] as const) {
      const response = await context.request.post('/api/applications', {
        headers: { Origin: baseUrl() },
        data: {
          clientData: {
            firstName: name,
            lastName: 'Tester',
            email: `${name.toLowerCase()}.${Date.now()}@example.com`,
            phone: '5550102030',
            dateOfBirth: '1990-01-01',
            ssn: '123-45-6789',
            address: '1 Main St',
            city: 'Austin',
            state: 'TX',
            zipCode: '78701',
          },
          insuranceType: type,
          isBulkSubmission: true,
          bulkSubmissionType: 'all_carriers',
          carrierFilters: null,
          applicationData: {},
        },
      })
      expect(response.status(), await response.text()).toBe(201)
    }
    await page.goto('/applications')
    await pageTitle(page, 'Applications').waitFor()
    await page.getByText(APPLICATION_TEXTS.promo).waitFor()
    await page.getByRole('link', { name: /Nia Tester/ }).waitFor()
    await checkA11y(page)

    await page.getByRole('button', { name: 'Filter' }).click()
    const panel = page.getByRole('dialog', { name: 'Filter applications' })
    await panel.getByLabel('Insurance type').selectOption('life')
    await panel.getByLabel('Status').selectOption('pending')
    await checkA11y(page)
    await panel.getByRole('button', { name: 'Apply filters' }).click()
    await page.getByRole('link', { name: /Nia Tester/ }).waitFor({ state: 'detached' })
    await page.getByRole('link', { name: /Omar Tester/ }).waitFor()
    expect(new URL(page.url()).searchParams.get('type')).toBe('life')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^applications-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = await readFile((await download.path())!, 'utf8')
    expect(csv).toContain('Omar Tester')
    expect(csv).not.toContain('Nia Tester')

    await page.getByRole('link', { name: /Omar Tester/ }).click()
    await pageTitle(page, 'Application Details').waitFor()
    await page.getByRole('link', { name: 'Omar Tester' }).waitFor()
    await checkA11y(page)
    await page.getByLabel('Note (optional)').fill('Underwriter asked for records')
    await page.getByRole('button', { name: 'Move to review' }).click()
    await page.getByText('“Underwriter asked for records”').waitFor()
    await page.getByRole('button', { name: 'Return to pending' }).waitFor()
    await page.getByRole('button', { name: 'Approve' }).click()
    await page.getByText('This application is final.').waitFor()
    await checkA11y(page)
    await context.close()
  })
})
