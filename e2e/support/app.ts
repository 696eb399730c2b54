import type { Browser, BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import { baseUrl, DESKTOP, newPage } from './browser.ts'

export const PASSWORD = 'correct horse battery'

let counter = 0
/** A new address per call, unique across runs on the same database. */
export function uniqueEmail(prefix: string): string {
  counter += 1
  return `${prefix}-${Date.now()}-${counter}@example.com`
}

/** Fills the signup details step and moves on to the plan step. */
export async function fillSignupDetails(page: Page, email: string): Promise<void> {
  await page.goto('/signup')
  await page.getByLabel('First name').fill('Jordan')
  await page.getByLabel('Last name').fill('Avery')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('radiogroup', { name: 'Plan' }).waitFor()
}

/** Creates an account through the API in the page's context, which then holds its session. */
export async function signUpThroughApi(page: Page, email: string, selectedPlan = 'free'): Promise<void> {
  const response = await page.context().request.post('/api/auth/signup', {
    data: { firstName: 'Riley', lastName: 'Morgan', email, password: PASSWORD, selectedPlan },
    headers: { Origin: baseUrl() },
  })
  expect(response.status(), await response.text()).toBe(201)
}

/** A fresh page whose context holds the session of a new free-plan user (email from `prefix`). */
export async function newSignedUpPage(
  browser: Browser,
  prefix: string,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, viewport)
  await signUpThroughApi(opened.page, uniqueEmail(prefix))
  return opened
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

export function pageTitle(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name, exact: true })
}

export function toast(page: Page) {
  return page.locator('[data-toast]')
}

export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname)
}
