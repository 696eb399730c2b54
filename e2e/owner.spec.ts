import { readFile } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '#server/db/connect.ts'
import { pageViews } from '#server/features/analytics/analytics.table.ts'
import { setUserRole } from '#server/features/auth/auth.service.ts'
import { users } from '#server/features/auth/auth.table.ts'
import { DATABASE_TEXTS } from '#shared/contracts/database-admin.contract.ts'
import { OWNER_TEXTS } from '#shared/contracts/owner.contract.ts'
import { PASSWORD, pageTitle, toast, uniqueEmail } from './support/app.ts'
import { DESKTOP, launchBrowserForFile } from './support/browser.ts'
import { createRestartableServer, type RestartableServer } from './support/restartable-server.ts'

const browser = launchBrowserForFile()
let server: RestartableServer
const contexts: BrowserContext[] = []
const emails = { owner: uniqueEmail('owner'), admin: uniqueEmail('dbadmin'), agency: uniqueEmail('agency') }

async function signedInPage(email: string, options: { privacy?: boolean } = {}): Promise<Page> {
  const context = await browser().newContext({
    baseURL: server.baseUrl,
    viewport: DESKTOP,
    acceptDownloads: true,
  })
  contexts.push(context)
  if (options.privacy) {
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })
    })
  }
  const response = await context.request.post('/api/auth/login', {
    data: { email, password: PASSWORD },
    headers: { Origin: server.baseUrl },
  })
  expect(response.status(), await response.text()).toBe(200)
  return context.newPage()
}

beforeAll(async () => {
  server = await createRestartableServer()
  await server.start()
  for (const email of Object.values(emails)) {
    const response = await fetch(`${server.baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({
        firstName: 'Pat',
        lastName: 'Platform',
        email,
        password: PASSWORD,
        selectedPlan: 'free',
      }),
    })
    expect(response.status).toBe(201)
  }
  // Platform roles are granted by someone with database access (npm run user:role), as here.
  await server.stop()
  const database = await openDatabase({ DATA_DIR: server.dataDir })
  try {
    await setUserRole(database.db, emails.owner, 'platform_owner')
    await setUserRole(database.db, emails.admin, 'platform_admin')
  } finally {
    await database.close()
  }
  await server.start()
})
afterAll(async () => {
  for (const context of contexts) await context.close()
  await server?.dispose()
})

/** Counts the page views the page sends, and how the server answered them. */
function watchPageViews(page: Page) {
  const answers: number[] = []
  page.on('response', (response) => {
    if (response.url().endsWith('/api/analytics/page-views')) answers.push(response.status())
  })
  return answers
}

describe('the owner dashboard', () => {
  it('shows the platform owner four tabs with charts, and exports a list as CSV', async () => {
    const page = await signedInPage(emails.owner)
    await page.goto('/owner-dashboard')
    await pageTitle(page, OWNER_TEXTS.title).waitFor()
    await page.getByText('Total users').waitFor()
    await page.getByTestId('mrr-chart').locator('svg').first().waitFor()
    for (const tab of ['Users', 'Usage', 'Analytics', 'Subscriptions']) {
      await page.getByRole('tab', { name: tab }).click()
      await expect.poll(() => page.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true')
    }
    await page.getByRole('tab', { name: 'Analytics' }).click()
    await page.getByTestId('retention-chart').locator('svg').first().waitFor()
    await page.getByRole('table', { name: 'Conversion rates' }).waitFor()
    await page.getByRole('tab', { name: 'Users' }).click()
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `${OWNER_TEXTS.exportCsv}: Recent users` }).click(),
    ])
    expect(file.suggestedFilename()).toBe('recent-users.csv')
    const csv = await readFile((await file.path())!, 'utf8')
    expect(csv.split('\r\n')[0]).toBe('Name,Email,Agency,Plan,Status,Joined')
    for (const email of Object.values(emails)) expect(csv).toContain(email)
  })

  it('shows an agency admin Access Denied', async () => {
    const page = await signedInPage(emails.agency)
    await page.goto('/owner-dashboard')
    await page.getByRole('heading', { name: OWNER_TEXTS.accessDenied }).waitFor()
    await page.getByText(OWNER_TEXTS.accessDeniedMessage).waitFor()
  })
})

describe('database management', () => {
  it('shows a platform admin the four tabs and optimizes with the spec’s toast', async () => {
    const page = await signedInPage(emails.admin)
    await page.goto('/database')
    await pageTitle(page, DATABASE_TEXTS.title).waitFor()
    await page.getByText('Connection health').waitFor()
    await page.getByRole('tab', { name: 'Tables' }).click()
    await page
      .getByRole('table', { name: 'Tables' })
      .getByRole('cell', { name: 'users', exact: true })
      .waitFor()
    await page.getByRole('tab', { name: 'Connections' }).click()
    await page.getByText('Pool size').waitFor()
    await page.getByRole('tab', { name: 'Performance' }).click()
    await page.getByRole('heading', { name: 'Slow queries' }).waitFor()
    await page.getByRole('tab', { name: 'Overview' }).click()
    await page.getByRole('button', { name: DATABASE_TEXTS.optimize }).click()
    await toast(page).getByText(DATABASE_TEXTS.optimizedTitle, { exact: true }).waitFor()
    await toast(page).getByText(DATABASE_TEXTS.optimized).waitFor()
  })
})

describe('page views', () => {
  it('records each page opened, without its query string, and none with Do-Not-Track', async () => {
    const page = await signedInPage(emails.agency)
    const answers = watchPageViews(page)
    await page.goto('/clients?q=Smith')
    await pageTitle(page, 'Clients').waitFor()
    await page.getByRole('link', { name: 'Carriers' }).first().click()
    await pageTitle(page, 'Carriers').waitFor()
    await expect.poll(() => answers.length).toBeGreaterThanOrEqual(2)
    expect(answers.every((status) => status === 201)).toBe(true)

    const private_ = await signedInPage(emails.agency, { privacy: true })
    const refused = watchPageViews(private_)
    await private_.goto('/clients')
    await pageTitle(private_, 'Clients').waitFor()
    await private_.getByRole('link', { name: 'Carriers' }).first().click()
    await pageTitle(private_, 'Carriers').waitFor()
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(refused).toEqual([])

    await server.stop()
    const database = await openDatabase({ DATA_DIR: server.dataDir })
    try {
      const [user] = await database.db.select().from(users).where(eq(users.email, emails.agency))
      const paths = (await database.db.select().from(pageViews).where(eq(pageViews.userId, user!.id))).map(
        (row) => row.path,
      )
      // Once each: the Do-Not-Track page's views were never sent.
      expect(paths.filter((path) => path === '/clients')).toHaveLength(1)
      expect(paths.filter((path) => path === '/carriers')).toHaveLength(1)
      expect(paths.filter((path) => /[?#@]/.test(path))).toEqual([])
    } finally {
      await database.close()
      await server.start()
    }
  })
})
