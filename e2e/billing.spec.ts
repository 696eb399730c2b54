import { mkdirSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { SUBSCRIPTION_TEXTS as T } from '#shared/contracts/billing.contract.ts'
import { newSignedUpPage, pageTitle, waitForPath } from './support/app.ts'
import { api, expectNoSideScroll, expectToast, toastGone } from './support/appointments.ts'
import {
  expectNoSeriousAxeViolations as checkA11y,
  DESKTOP,
  launchBrowserForFile,
  MOBILE,
  newPage,
} from './support/browser.ts'

const SHOTS = '/tmp/shots'
const browser = launchBrowserForFile()
beforeAll(() => mkdirSync(SHOTS, { recursive: true }))

const planCard = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) })

async function createApplications(page: Page, count: number) {
  for (let i = 0; i < count; i++) {
    await api(
      page,
      'POST',
      '/api/applications',
      {
        clientData: {
          firstName: `Quota${i}`,
          lastName: 'Tester',
          email: `quota${i}.${Date.now()}@example.com`,
          phone: '5550102030',
          dateOfBirth: '1990-01-01',
          ssn: '123-45-6789',
          address: '1 Main St',
          city: 'Austin',
          state: 'TX',
          zipCode: '78701',
        },
        insuranceType: 'life',
        isBulkSubmission: true,
        bulkSubmissionType: 'all_carriers',
        carrierFilters: null,
        applicationData: {},
      },
      201,
    )
  }
}

describe('billing', () => {
  it('shows a visitor the plan chooser in both periods, and at 390 px', { timeout: 120_000 }, async () => {
    const { page, context } = await newPage(browser(), DESKTOP)
    await page.goto('/subscription')
    await pageTitle(page, T.visitorHeading).waitFor()
    await planCard(page, 'Starter').getByText('$29.99').waitFor()
    await checkA11y(page)
    await page.screenshot({ path: `${SHOTS}/billing-visitor-monthly-1280.png`, fullPage: true })
    await page.getByRole('button', { name: 'Yearly' }).click()
    await planCard(page, 'Starter').getByText('$25.00').waitFor()
    await planCard(page, 'Executive').getByText('Billed $4,249.99 yearly').waitFor()
    await checkA11y(page)
    await page.screenshot({ path: `${SHOTS}/billing-visitor-yearly-1280.png`, fullPage: true })
    await page.setViewportSize(MOBILE)
    await expectNoSideScroll(page)
    await page.screenshot({ path: `${SHOTS}/billing-visitor-yearly-390.png`, fullPage: true })
    await page.getByRole('link', { name: `${T.getStarted} with Professional` }).click()
    await waitForPath(page, '/signup')
    await context.close()
  })

  it('shows a free agency its usage at 0 and at 4 of 5 with the hint, upgrades through the test checkout and cancels', {
    timeout: 240_000,
  }, async () => {
    const { page, context } = await newSignedUpPage(browser(), 'billing')
    await page.goto('/subscription')
    await pageTitle(page, T.title).waitFor()
    await page.getByText('0 of 5 applications').waitFor()
    expect(await page.getByText(T.usageHint).count()).toBe(0)
    await expect
      .poll(() => planCard(page, 'Free').getByRole('button', { name: T.currentPlan }).isDisabled())
      .toBe(true)
    await checkA11y(page)

    await createApplications(page, 4)
    await page.reload()
    await page.getByText('4 of 5 applications').waitFor()
    await page.getByText(T.usageHint).waitFor()
    await checkA11y(page)
    await page.screenshot({ path: `${SHOTS}/billing-free-4-of-5-1280.png`, fullPage: true })
    await page.setViewportSize(MOBILE)
    await expectNoSideScroll(page)
    await page.screenshot({ path: `${SHOTS}/billing-free-4-of-5-390.png`, fullPage: true })
    await page.setViewportSize(DESKTOP)

    await page.getByRole('button', { name: `${T.upgrade} to Starter` }).click()
    await page.waitForURL(/\/test-checkout\//)
    await page.getByText(T.testModeBanner).waitFor()
    await page.getByRole('button', { name: 'Pay' }).click()
    await waitForPath(page, '/success')
    await page.getByRole('heading', { name: T.paymentSuccessful }).waitFor()

    await page.goto('/subscription')
    await page.getByText('0 of 50 applications').waitFor()
    await page.getByText('Renews on', { exact: true }).waitFor()
    await expect
      .poll(() => planCard(page, 'Starter').getByRole('button', { name: T.currentPlan }).isDisabled())
      .toBe(true)
    await page.getByText('TEST-0001').waitFor()
    await checkA11y(page)

    await page.getByRole('button', { name: T.cancelSubscription }).click()
    const dialog = page.getByRole('dialog')
    await checkA11y(page)
    await dialog.getByRole('button', { name: T.cancelSubscription }).click()
    await expectToast(page, T.canceledTitle, T.canceledDescription)
    await page.getByText('Access until', { exact: true }).waitFor()
    const until = await page
      .getByText('Access until', { exact: true })
      .locator('xpath=following-sibling::dd')
      .textContent()
    expect(until).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)
    await toastGone(page)
    await checkA11y(page)
    await page.screenshot({ path: `${SHOTS}/billing-cancelled-1280.png`, fullPage: true })

    await page.setViewportSize(MOBILE)
    await page.reload()
    await page.getByText('Access until', { exact: true }).waitFor()
    await expectNoSideScroll(page)
    await checkA11y(page)
    await page.screenshot({ path: `${SHOTS}/billing-plan-grid-390.png`, fullPage: true })
    await context.close()
  })
})
