import { mkdirSync } from 'node:fs'
import { crc32, deflateSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOOK_SETTINGS_TEXTS as BOOK } from '#shared/contracts/policies-book-settings.contract.ts'
import { SETTINGS_TEXTS as T } from '#shared/contracts/settings.contract.ts'
import {
  fillSignupDetails,
  PASSWORD,
  pageTitle,
  signUpThroughApi,
  toast,
  uniqueEmail,
  waitForPath,
} from './support/app.ts'
import { expectNoSideScroll, expectToast, openTab, toastGone } from './support/appointments.ts'
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
afterAll(() => undefined)

/** A real 200x80 PNG of one colour, so the shell can show it. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ])
  const pixels = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const field = (page: Page, name: string) => page.locator(`[name=${name}]`)

/** Every visible tab, at both widths, checked by axe and photographed. */
async function shootTabs(page: Page, prefix: string, tabs: string[]) {
  for (const [size, viewport] of [
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const) {
    await page.setViewportSize(viewport)
    for (const name of tabs) {
      await openTab(page, name)
      await page.getByRole('tabpanel').last().waitFor()
      await page.waitForLoadState('networkidle')
      await checkA11y(page)
      await expectNoSideScroll(page)
      const slug = name.toLowerCase().replace(/[^a-z]+/g, '-')
      await page.screenshot({ path: `${SHOTS}/settings-${prefix}-${slug}-${size}.png`, fullPage: true })
    }
  }
}

describe('settings', () => {
  it('changes notification preferences and the profile, and keeps them after a reload', {
    timeout: 180_000,
  }, async () => {
    const { page, context } = await newPage(browser(), DESKTOP)
    await signUpThroughApi(page, uniqueEmail('settings'))
    await page.goto('/settings')
    await pageTitle(page, T.title).waitFor()
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      'Profile',
      'Notifications',
      'Subscription',
      'Book',
      'Privacy & Data',
      'Security',
    ])

    const email = uniqueEmail('renamed')
    await field(page, 'firstName').fill('Morgan')
    await field(page, 'lastName').fill('Avery-Lee')
    await field(page, 'email').fill(email.toUpperCase())
    // The sign-in email changes: the form asks for the current password (ours, not the spec's).
    await page.getByLabel(T.currentPasswordLabel).fill(PASSWORD)
    await checkA11y(page)
    await page.setViewportSize(MOBILE)
    await expectNoSideScroll(page)
    await page.screenshot({ path: `${SHOTS}/settings-profile-email-change-390.png`, fullPage: true })
    await page.setViewportSize(DESKTOP)
    await page.getByRole('button', { name: T.updateProfile }).click()
    await expectToast(page, T.profileUpdated)
    await expect.poll(() => page.locator('aside').textContent()).toContain('Morgan Avery-Lee')

    await openTab(page, 'Notifications')
    expect(page.url()).toContain('tab=notifications')
    const weekly = page.getByRole('switch', { name: 'Weekly reports' })
    const marketing = page.getByRole('switch', { name: 'Marketing emails' })
    await expect.poll(() => weekly.getAttribute('aria-checked')).toBe('true')
    for (const toggle of [weekly, marketing]) {
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/settings/notifications') && r.request().method() === 'PUT',
      )
      await toggle.click()
      expect((await saved).status()).toBe(200)
    }

    await page.reload()
    await page.getByRole('tab', { name: 'Notifications', selected: true }).waitFor()
    await expect.poll(() => weekly.getAttribute('aria-checked')).toBe('false')
    expect(await marketing.getAttribute('aria-checked')).toBe('true')
    await openTab(page, 'Profile')
    await expect.poll(() => field(page, 'email').inputValue()).toBe(email)
    expect(await field(page, 'lastName').inputValue()).toBe('Avery-Lee')

    await openTab(page, 'Subscription')
    await page.getByText('Free', { exact: true }).waitFor()
    expect(await page.getByRole('link', { name: T.manageSubscription }).getAttribute('href')).toBe(
      '/subscription',
    )

    // The agency's book: the reinstatement window, refused out of range on its field, kept on save.
    await openTab(page, 'Book')
    const windowDays = page.getByLabel('Reinstatement window (days)')
    await expect.poll(() => windowDays.inputValue()).toBe('30')
    await windowDays.fill('400')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText(BOOK.windowInvalid).first().waitFor()
    await toastGone(page)
    await windowDays.fill('45')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expectToast(page, BOOK.saved)
    await toastGone(page)
    await page.reload()
    await expect.poll(() => windowDays.inputValue()).toBe('45')

    await openTab(page, 'Privacy & Data')
    expect(await page.getByRole('link', { name: 'Sign Out', exact: true }).getAttribute('href')).toBe(
      '/api/logout',
    )
    expect(await page.getByRole('link', { name: 'View audit trail' }).getAttribute('href')).toBe(
      '/compliance',
    )
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: T.exportData }).click()
    expect((await download).suggestedFilename()).toMatch(/^data-export-\d{4}-\d{2}-\d{2}\.json$/)
    await expectToast(page, T.exportSucceeded)
    await toastGone(page)

    await shootTabs(page, 'free', ['Profile', 'Notifications', 'Subscription', 'Book', 'Privacy & Data'])
    await context.close()
  })

  it('as an executive-plan agency, uploads a logo and sees the shell change', {
    timeout: 180_000,
  }, async () => {
    const { page, context } = await newPage(browser(), DESKTOP)
    await fillSignupDetails(page, uniqueEmail('executive'))
    await page.getByRole('radio', { name: /Executive/ }).click()
    await page.getByRole('button', { name: 'Create Account' }).click()
    await page.getByRole('button', { name: 'Setup Payment' }).click()
    await page.waitForURL(/\/test-checkout\//)
    await page.getByRole('button', { name: 'Pay' }).click()
    await waitForPath(page, '/success')

    await page.goto('/settings?tab=branding')
    await page.getByRole('tab', { name: 'Branding', selected: true }).waitFor()
    await page.getByText(T.logoHint).waitFor()
    expect(await page.locator('[data-testid=brand-logo]').count()).toBe(0)

    await page.locator('#branding-logo').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: solidPng(200, 80, [15, 118, 110]),
    })
    await expectToast(page, T.logoUploaded)
    const logo = page.locator('aside [data-testid=brand-logo]')
    await logo.waitFor()
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200)

    await field(page, 'organizationName').fill('Harbor Insurance Group')
    await field(page, 'primaryColor').fill('#0F766E')
    await field(page, 'accentColor').fill('#B45309')
    await page.getByLabel('Theme style').selectOption('professional')
    await page.getByRole('button', { name: T.saveBranding }).click()
    await expectToast(page, T.brandingSaved)
    const shellVar = (name: string) =>
      page
        .locator('[data-testid=shell]')
        .evaluate((el, n) => getComputedStyle(el).getPropertyValue(n).trim(), name)
    await expect.poll(() => shellVar('--brand-primary')).toBe('#0F766E')
    expect(await shellVar('--brand-accent')).toBe('#B45309')
    await expect.poll(() => page.locator('aside').textContent()).toContain('Harbor Insurance Group')

    // Kept for the next visit (and for every colleague: it is the agency's).
    await page.goto('/')
    await page.locator('aside [data-testid=brand-logo]').waitFor()
    expect(await shellVar('--brand-primary')).toBe('#0F766E')
    await page.setViewportSize(MOBILE)
    await page.locator('header [data-testid=brand-logo]').waitFor()
    await page.screenshot({ path: `${SHOTS}/settings-branded-shell-390.png` })
    await page.setViewportSize(DESKTOP)

    await page.goto('/settings?tab=branding')
    await toast(page).count()
    await shootTabs(page, 'executive', ['Branding', 'Subscription'])
    await context.close()
  })
})
