import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APPLICATION_TEXTS } from '#shared/contracts/applications.contract.ts'
import { NOTIFICATION_TEXTS } from '#shared/contracts/notifications.contract.ts'
import { OWNER_TEXTS } from '#shared/contracts/owner.contract.ts'
import { pageTitle, signUpThroughApi, uniqueEmail, waitForPath } from './support/app.ts'
import {
  expectNoSeriousAxeViolations as checkA11y,
  launchBrowser,
  MOBILE,
  newPage,
} from './support/browser.ts'

/** Each menu entry and the title of the screen it opens. */
const MENU: [entry: string, path: string, title: string][] = [
  ['Dashboard', '/', 'Dashboard'],
  ['New Application', '/applications', 'Applications'],
  // Issue #30: the book of business, beside the applications it comes from.
  ['Policies', '/policies', 'Policies'],
  // Issue #31: the renewal pipeline, after the policies it comes from.
  ['Renewals', '/renewals', 'Renewals'],
  // Issue #32: what the book earns, after the renewals.
  ['Commissions', '/commissions', 'Commissions'],
  ['Appointments', '/appointments', 'Insurance Carrier Appointments'],
  ['Agency Onboarding', '/agency-onboarding', 'Agency Onboarding'],
  ['Clients', '/clients', 'Clients'],
  ['Client Import', '/client-import', 'Client Import'],
  ['Carriers', '/carriers', 'Carriers'],
  ['AI Intelligence', '/ai-intelligence', 'AI Intelligence'],
  ['Agent Marketplace', '/agent-marketplace', 'Agent Marketplace'],
  ['E-Signing', '/esigning-demo', 'E-Signing'],
  ['Compliance', '/compliance', 'Compliance & Audit'],
  ['Subscription', '/subscription', 'Subscription and Billing'],
  ['Privacy Policy', '/privacy', 'Privacy Policy'],
  ['FAQ', '/faq', 'FAQ'],
  ['Contact', '/contact', 'Contact'],
  ['Settings', '/settings', 'Settings'],
  // Ours, below the spec's entries: where carrier emails wait without SMTP (issue #5).
  ['Outbox', '/outbox', 'Outbox'],
]

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('shell', () => {
  it('lists the menu in the spec order and every entry opens its screen', async () => {
    const { page, context } = await newPage(browser)
    await signUpThroughApi(page, uniqueEmail('menu'))
    await page.goto('/settings')
    const menu = page.getByRole('navigation', { name: 'Main' })
    await pageTitle(page, 'Settings').waitFor()
    expect(await menu.getByRole('link').allTextContents()).toEqual(MENU.map(([entry]) => entry))
    for (const [entry, path, title] of MENU) {
      await menu.getByRole('link', { name: entry, exact: true }).click()
      await waitForPath(page, path)
      if (entry === 'New Application') {
        // The entry opens the wizard over the applications screen.
        const wizard = page.getByRole('dialog', { name: APPLICATION_TEXTS.dialogTitle })
        await wizard.waitFor()
        await checkA11y(page)
        await wizard.getByRole('button', { name: 'Cancel' }).click()
      }
      await pageTitle(page, title).waitFor()
      await checkA11y(page)
    }
    // Off the menu. A new user is no platform owner: the owner dashboard answers Access Denied.
    for (const [path, title] of [
      ['/database', 'Database Management'],
      ['/owner-dashboard', OWNER_TEXTS.accessDenied],
    ]) {
      await page.goto(path as string)
      await pageTitle(page, title as string).waitFor()
    }
    await context.close()
  })

  it('opens the mobile menu at 390px and navigates from it', async () => {
    const { page, context } = await newPage(browser, MOBILE)
    await signUpThroughApi(page, uniqueEmail('mobile'))
    await page.goto('/')
    await pageTitle(page, 'Dashboard').waitFor()
    await checkA11y(page)
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('navigation', { name: 'Main' })
    const carriers = menu.getByRole('link', { name: 'Carriers' })
    expect((await carriers.boundingBox())?.height).toBeGreaterThanOrEqual(44)
    expect(
      (await page.getByRole('button', { name: 'Close menu' }).boundingBox())?.height,
    ).toBeGreaterThanOrEqual(44)
    await checkA11y(page)
    await carriers.click()
    await waitForPath(page, '/carriers')
    await pageTitle(page, 'Carriers').waitFor()
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await context.close()
  })

  it('shows Page Not Found for an unknown path', async () => {
    const { page, context } = await newPage(browser)
    await page.goto('/no-such-screen')
    await pageTitle(page, 'Page Not Found').waitFor()
    await checkA11y(page)
    await page.getByRole('link', { name: 'Go to Dashboard' }).click()
    await waitForPath(page, '/login')
    await context.close()
  })

  it('shows the Google success screen from the query string', async () => {
    const { page, context } = await newPage(browser)
    await page.goto(
      '/clients?auth=success&provider=google&name=Sam%20Lee&email=sam%40example.com&verified=true',
    )
    await pageTitle(page, 'Google Authentication Successful').waitFor()
    await page.getByText('Sam Lee').waitFor()
    await page.getByText('sam@example.com').waitFor()
    await page.getByText('Verified').waitFor()
    await checkA11y(page)
    await page.getByRole('button', { name: 'Complete Account Setup' }).click()
    await waitForPath(page, '/signup')
    await context.close()
  })

  it('shows the welcome notification on the bell and mark-all-read clears the badge', async () => {
    const { page, context } = await newPage(browser)
    await signUpThroughApi(page, uniqueEmail('bell'))
    await page.goto('/')
    const bell = page.getByRole('button', { name: /^Notifications/ })
    await expect.poll(() => bell.getAttribute('aria-label')).toBe(`${NOTIFICATION_TEXTS.title}, 1 unread`)
    expect(await page.getByTestId('unread-badge').textContent()).toBe('1')
    await bell.click()
    const panel = page.getByRole('dialog')
    await panel.getByText('Welcome to your agency back office').waitFor()
    await panel.getByText('Unread').waitFor()
    await checkA11y(page)
    await panel.getByRole('button', { name: NOTIFICATION_TEXTS.markAllRead }).click()
    await page.getByTestId('unread-badge').waitFor({ state: 'detached' })
    await panel.getByRole('button', { name: NOTIFICATION_TEXTS.markAllRead }).waitFor({ state: 'detached' })
    expect(await panel.getByText('Unread').count()).toBe(0)
    await context.close()
  })
})
