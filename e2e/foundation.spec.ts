import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '#shared/contracts/auth.contract.ts'
import { SUBSCRIPTION_TEXTS } from '#shared/contracts/billing.contract.ts'
import {
  fillSignupDetails,
  logIn,
  PASSWORD,
  pageTitle,
  signUpThroughApi,
  toast,
  uniqueEmail,
  waitForPath,
} from './support/app.ts'
import { expectNoSeriousAxeViolations as checkA11y, launchBrowser, newPage } from './support/browser.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('signup', () => {
  it('creates a free account and lands on the dashboard with the welcome toast', async () => {
    const { page, context } = await newPage(browser)
    await page.goto('/signup')
    await checkA11y(page)
    await fillSignupDetails(page, uniqueEmail('free'))
    await checkA11y(page)
    await page.getByRole('button', { name: 'Create Account' }).click()
    await waitForPath(page, '/')
    await expect.poll(() => toast(page).textContent()).toContain(AUTH_MESSAGES.welcome)
    expect(await toast(page).textContent()).toContain(AUTH_MESSAGES.welcomeTitle)
    await pageTitle(page, 'Dashboard').waitFor()
    await checkA11y(page)
    await context.close()
  })

  it('pays a paid plan through the test checkout and upgrades the agency', async () => {
    const { page, context } = await newPage(browser)
    await fillSignupDetails(page, uniqueEmail('paid'))
    await page.getByRole('radio', { name: /Starter/ }).click()
    await page.getByRole('button', { name: 'Create Account' }).click()
    await page.getByRole('button', { name: 'Setup Payment' }).waitFor()
    await checkA11y(page)
    await page.getByRole('button', { name: 'Setup Payment' }).click()
    await page.waitForURL(/\/test-checkout\//)
    await page.getByText(SUBSCRIPTION_TEXTS.testModeBanner).waitFor()
    await page.getByRole('button', { name: 'Pay' }).waitFor()
    expect(await page.getByText('$29.99').count()).toBeGreaterThan(0)
    await checkA11y(page)
    await page.getByRole('button', { name: 'Pay' }).click()
    await waitForPath(page, '/success')
    await pageTitle(page, SUBSCRIPTION_TEXTS.paymentSuccessful).waitFor()
    await page.getByText('Starter', { exact: true }).waitFor()
    await checkA11y(page)
    const user = await (await context.request.get('/api/auth/user')).json()
    expect(user.subscriptionTier).toBe('starter')
    await context.close()
  })

  it('cancels the test checkout and lands on /cancel; the checkout is then closed', async () => {
    const { page, context } = await newPage(browser)
    await fillSignupDetails(page, uniqueEmail('cancel'))
    await page.getByRole('radio', { name: /Professional/ }).click()
    await page.getByRole('button', { name: 'Create Account' }).click()
    await page.getByRole('button', { name: 'Setup Payment' }).click()
    await page.waitForURL(/\/test-checkout\//)
    const checkoutUrl = page.url()
    await page.getByRole('button', { name: 'Cancel' }).click()
    await waitForPath(page, '/cancel')
    await pageTitle(page, SUBSCRIPTION_TEXTS.paymentCancelled).waitFor()
    await page.getByText(SUBSCRIPTION_TEXTS.nothingCharged).waitFor()
    await checkA11y(page)
    await page.goto(checkoutUrl)
    await page.getByText(SUBSCRIPTION_TEXTS.checkoutNotOpen).waitFor()
    await page.goto('/cancel')
    await page.getByRole('link', { name: 'Try Again' }).click()
    await pageTitle(page, 'Setup Payment').waitFor()
    await page.getByText('$29.99').waitFor()
    await checkA11y(page)
    await context.close()
  })
})

describe('login', () => {
  it('signs in with the new account and says welcome back', async () => {
    const email = uniqueEmail('login')
    const setup = await newPage(browser)
    await signUpThroughApi(setup.page, email)
    await setup.context.close()

    const { page, context } = await newPage(browser)
    await page.goto('/login')
    await checkA11y(page)
    await logIn(page, email, PASSWORD)
    await waitForPath(page, '/')
    await expect.poll(() => toast(page).textContent()).toContain(AUTH_MESSAGES.loginSuccess)
    await pageTitle(page, 'Dashboard').waitFor()
    await context.close()
  })

  it('refuses a wrong password with the server message', async () => {
    const email = uniqueEmail('wrong')
    const setup = await newPage(browser)
    await signUpThroughApi(setup.page, email)
    await setup.context.close()

    const { page, context } = await newPage(browser)
    await logIn(page, email, 'not the password')
    await expect.poll(() => toast(page).textContent()).toContain(AUTH_MESSAGES.invalidCredentials)
    expect(await toast(page).textContent()).toContain(AUTH_MESSAGES.loginFailedTitle)
    expect(new URL(page.url()).pathname).toBe('/login')
    await checkA11y(page)
    await context.close()
  })

  it('opens the demo account on the dashboard', async () => {
    const { page, context } = await newPage(browser)
    await page.goto('/login')
    await page.getByRole('link', { name: 'Try Demo Account' }).click()
    await waitForPath(page, '/')
    await pageTitle(page, 'Dashboard').waitFor()
    await checkA11y(page)
    await context.close()
  })

  it('signs out, after which / goes to /login', async () => {
    const { page, context } = await newPage(browser)
    await signUpThroughApi(page, uniqueEmail('signout'))
    await page.goto('/')
    await page.getByRole('navigation', { name: 'Main' }).waitFor()
    await page.getByRole('link', { name: 'Sign out' }).click()
    await waitForPath(page, '/login')
    await page.goto('/')
    await waitForPath(page, '/login')
    await pageTitle(page, 'Sign in').waitFor()
    await context.close()
  })
})
