import { mkdirSync } from 'node:fs'
import { authenticator } from 'otplib'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { SECURITY_MESSAGES, TWO_FACTOR_MESSAGES } from '#shared/contracts/auth-security.contract.ts'
import {
  logIn,
  PASSWORD,
  pageTitle,
  signUpThroughApi,
  toast,
  uniqueEmail,
  waitForPath,
} from './support/app.ts'
import {
  expectNoSeriousAxeViolations as checkA11y,
  DESKTOP,
  launchBrowserForFile,
  MOBILE,
  newPage,
} from './support/browser.ts'

const SHOTS = '/tmp/shots'
const NEW_PASSWORD = 'a brand new passphrase'
const browser = launchBrowserForFile()

/**
 * The code the user's app shows `steps` 30-second steps from now. The server accepts one step of
 * drift and refuses a step it has seen, so a sign-in right after enrolment uses the next step.
 */
function codeAt(secret: string, steps = 0): string {
  return authenticator.clone({ epoch: Date.now() + steps * 30_000 }).generate(secret)
}

async function openSecurityTab(page: Page) {
  await page.goto('/settings?tab=security')
  await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor()
}

async function passwordStep(page: Page, email: string, password = PASSWORD) {
  await logIn(page, email, password)
  await pageTitle(page, TWO_FACTOR_MESSAGES.twoFactorTitle).waitFor()
}

async function signOut(page: Page) {
  await page.goto('/api/logout')
  await waitForPath(page, '/login')
}

describe('account security', () => {
  it('enrols in two-factor, signs in with a code and a recovery code, ends another session and changes the password', {
    timeout: 180_000,
  }, async () => {
    mkdirSync(SHOTS, { recursive: true })
    const email = uniqueEmail('security')
    const { page, context } = await newPage(browser(), DESKTOP)
    await signUpThroughApi(page, email)

    // Enrol from Settings › Security with a code computed here, as an authenticator app would.
    // It asks for the current password first: a stolen session cannot bind its own authenticator.
    await openSecurityTab(page)
    await page.locator('#enrol-current-password').fill(PASSWORD)
    await checkA11y(page)
    await page.screenshot({ path: `${SHOTS}/security-enrol-password-1280.png`, fullPage: true })
    await page.getByRole('button', { name: 'Set up two-factor' }).click()
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    await expect.poll(() => page.getByRole('img', { name: /QR code/ }).isVisible()).toBe(true)
    await checkA11y(page)
    await page.screenshot({ path: `${SHOTS}/security-enrol-1280.png`, fullPage: true })
    await page.getByLabel('Code from the app').fill(codeAt(secret))
    await page.getByRole('button', { name: 'Turn on two-factor' }).click()
    await page.getByText(SECURITY_MESSAGES.recoveryCodesNote).waitFor()
    const codes = await page.getByTestId('recovery-code').allTextContents()
    expect(codes).toHaveLength(10)
    await page.getByRole('button', { name: 'Done' }).click()
    await page.getByText('10 of 10 recovery codes left').waitFor()
    await page.screenshot({ path: `${SHOTS}/security-tab-1280.png`, fullPage: true })
    await checkA11y(page)

    // Sign out, then in with the password and a code.
    await signOut(page)
    await passwordStep(page, email)
    await checkA11y(page)
    await page.screenshot({ path: `${SHOTS}/security-login-code-1280.png` })
    await page.getByLabel('Authentication code').fill(codeAt(secret, 1))
    await page.getByRole('button', { name: 'Verify' }).click()
    await waitForPath(page, '/')
    await pageTitle(page, 'Dashboard').waitFor()

    // Sign out, then in with a recovery code.
    await signOut(page)
    await passwordStep(page, email)
    await page.getByRole('button', { name: 'Use a recovery code' }).click()
    await page.getByLabel('Recovery code').fill(codes[0]!)
    await page.getByRole('button', { name: 'Verify' }).click()
    await waitForPath(page, '/')

    // A second browser signs in too (with another recovery code); the first one ends its session.
    const other = await newPage(browser(), DESKTOP)
    await passwordStep(other.page, email)
    await other.page.getByRole('button', { name: 'Use a recovery code' }).click()
    await other.page.getByLabel('Recovery code').fill(codes[1]!)
    await other.page.getByRole('button', { name: 'Verify' }).click()
    await waitForPath(other.page, '/')

    await openSecurityTab(page)
    const rows = page.getByTestId('session-row')
    await expect.poll(() => rows.count()).toBe(2)
    await expect.poll(() => page.getByText('This device').count()).toBe(1)
    await page.getByRole('button', { name: /^End session/ }).click()
    await toast(page).getByText(SECURITY_MESSAGES.sessionEndedTitle).waitFor()
    await expect.poll(() => rows.count()).toBe(1)
    await other.page.goto('/settings')
    await waitForPath(other.page, '/login')
    expect((await other.context.request.get('/api/auth/user')).status()).toBe(401)
    await other.context.close()

    // Change the password: this session goes on.
    await page.getByLabel('Current password').fill(PASSWORD)
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Change password' }).click()
    await toast(page).getByText(SECURITY_MESSAGES.passwordChangedTitle).waitFor()
    expect((await context.request.get('/api/auth/user')).status()).toBe(200)

    // Phone size: the Security tab and the code step.
    await page.setViewportSize(MOBILE)
    await openSecurityTab(page)
    await page.screenshot({ path: `${SHOTS}/security-tab-390.png`, fullPage: true })
    await checkA11y(page)
    const phone = await newPage(browser(), MOBILE)
    await passwordStep(phone.page, email, NEW_PASSWORD)
    await phone.page.screenshot({ path: `${SHOTS}/security-login-code-390.png` })
    await checkA11y(phone.page)
    await phone.context.close()
    await context.close()
  })
})
