import { readFile } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '#server/db/connect.ts'
import {
  AUDIT_CHECKPOINT_MESSAGES,
  AUDIT_INTEGRITY_TEXTS,
  type AuditRecord,
  COMPLIANCE_MESSAGES,
} from '#shared/contracts/compliance.contract.ts'
import { tamperWithAudit } from '#test/audit-tamper.ts'
import { PASSWORD, pageTitle, toast, uniqueEmail } from './support/app.ts'
import { DESKTOP, expectNoSeriousAxeViolations, launchBrowserForFile, MOBILE } from './support/browser.ts'
import { sampleClient } from './support/clients.ts'
import { createRestartableServer, type RestartableServer } from './support/restartable-server.ts'

// This spec runs a server of its own: to tamper with an audit event it stops the server, changes
// the row in the embedded database as someone with database access would, and starts it again.
const browser = launchBrowserForFile()
let server: RestartableServer
let context: BrowserContext
let page: Page
let applicationId: string
let clientId: string

beforeAll(async () => {
  server = await createRestartableServer()
  await server.start()
})
afterAll(async () => {
  await context?.close()
  await server?.dispose()
})

async function api<T>(method: 'GET' | 'POST', url: string, data?: object, status = 200): Promise<T> {
  const response = await context.request.fetch(url, { method, data, headers: { Origin: server.baseUrl } })
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(status)
  return (await response.json()) as T
}

async function screenshot(name: string) {
  await page.screenshot({ path: `/tmp/shots/compliance-${name}.png`, fullPage: false })
}

async function expectNoSideScroll() {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

async function download(buttonName: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: buttonName }).click(),
  ])
  return { name: file.suggestedFilename(), json: JSON.parse(await readFile((await file.path())!, 'utf8')) }
}

describe('compliance and audit', () => {
  it('lists a client and an application viewed, follows View Application Audit and downloads both reports', async () => {
    context = await browser().newContext({
      baseURL: server.baseUrl,
      viewport: DESKTOP,
      acceptDownloads: true,
    })
    page = await context.newPage()
    const email = uniqueEmail('compliance')
    await api(
      'POST',
      '/api/auth/signup',
      {
        firstName: 'Riley',
        lastName: 'Morgan',
        email,
        password: PASSWORD,
        selectedPlan: 'free',
      },
      201,
    )
    const client = sampleClient({ firstName: 'Ines', lastName: 'Okafor' })
    clientId = (await api<{ id: string }>('POST', '/api/clients', client, 201)).id
    await page.goto(`/clients/${clientId}`)
    await page.getByText('Ines Okafor').first().waitFor()
    applicationId = (
      await api<{ id: string }>(
        'POST',
        '/api/applications',
        {
          clientId,
          insuranceType: 'auto',
          isBulkSubmission: true,
          bulkSubmissionType: 'all_carriers',
          carrierFilters: null,
          applicationData: { autoData: { vehicleYear: 2022, vehicleMake: 'Honda' } },
        },
        201,
      )
    ).id
    await page.goto(`/applications/${applicationId}`)
    await page.getByText('Ines Okafor').first().waitFor()

    await page.goto('/compliance')
    await pageTitle(page, 'Compliance & Audit').waitFor()
    const records = page.getByRole('list', { name: 'Audit records' })
    await records.getByText('Viewed a client’s details').first().waitFor()
    await records.getByText('Created an application').waitFor()
    await records.getByText('Viewed an application').first().waitFor()
    await expectNoSeriousAxeViolations(page)
    await screenshot('history-1280')

    await records.getByRole('button', { name: 'View Application Audit' }).first().click()
    await page.waitForURL(`**/compliance?tab=trail&applicationId=${applicationId}`)
    const trail = page.getByRole('list', { name: 'Audit trail' })
    await trail.getByText('Created an application').waitFor()
    await trail.getByText('Viewed an application').first().waitFor()

    const report = await download('Download compliance report')
    expect(report.name).toBe(`compliance-report-${applicationId}.json`)
    expect(report.json).toMatchObject({
      application: { id: applicationId, client: { id: clientId } },
      termsVersion: '1.0',
    })
    expect(report.json.auditTrail.map((r: AuditRecord) => r.event)).toContain('application.created')
    await expect.poll(() => toast(page).textContent()).toContain(COMPLIANCE_MESSAGES.reportDownloaded)

    const data = await download('Download application data')
    expect(data.name).toBe(`application-data-${applicationId}.json`)
    expect(data.json).toMatchObject({
      application: { id: applicationId },
      client: { id: clientId, firstName: 'Ines' },
    })
    await expect.poll(() => toast(page).textContent()).toContain(COMPLIANCE_MESSAGES.dataDownloaded)
    await trail.getByText('Downloaded a compliance report').waitFor()
    await trail.getByText('Downloaded application data').waitFor()
    await expectNoSeriousAxeViolations(page)
    await screenshot('trail-1280')

    await page.getByRole('tab', { name: 'Terms & Compliance' }).click()
    await page.getByText(/^Version 1\.0 ·/).waitFor()
    await page.getByRole('link', { name: /ESIGN Act/ }).waitFor()
    const [checkpoint] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download checkpoint' }).click(),
    ])
    expect(checkpoint.suggestedFilename()).toMatch(/^audit-checkpoint-\d+\.json$/)
    await page.locator('input[name=checkpoint]').setInputFiles((await checkpoint.path())!)
    await page.getByText(AUDIT_CHECKPOINT_MESSAGES.valid).waitFor()
    await page.getByLabel('Retention (years)').fill('10')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => toast(page).textContent()).toContain(COMPLIANCE_MESSAGES.retentionSaved)
    await page.getByText(/older than 10 years/).waitFor()
    await expectNoSeriousAxeViolations(page)
    await screenshot('terms-1280')

    await page.setViewportSize(MOBILE)
    for (const [tab, name] of [
      ['Audit History', 'history'],
      ['Application Audit Trail', 'trail'],
      ['Terms & Compliance', 'terms'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click()
      await page.waitForURL(`**/compliance?tab=${name}**`)
      await page.waitForLoadState('networkidle')
      await expectNoSideScroll()
      await expectNoSeriousAxeViolations(page)
      await screenshot(`${name}-390`)
    }
    await page.setViewportSize(DESKTOP)
  })

  it('names the event someone changed in the database when Verify integrity runs', async () => {
    const viewed = await api<{ data: AuditRecord[] }>(
      'GET',
      '/api/compliance/audit-history?action=client.viewed',
    )
    const target = viewed.data[0]!
    await server.stop()
    const database = await openDatabase({ DATA_DIR: server.dataDir })
    try {
      await tamperWithAudit(
        database.db,
        sql`UPDATE audit_events SET ip_address = '198.51.100.66' WHERE id = ${target.id}`,
      )
    } finally {
      await database.close()
    }
    await server.start()

    await page.goto('/compliance?tab=terms')
    await page.getByRole('button', { name: 'Verify integrity' }).click()
    const message = AUDIT_INTEGRITY_TEXTS.broken({
      id: target.id,
      sequence: target.sequence,
      problem: 'altered',
    })
    await page.getByText(message).waitFor()
    await screenshot('verify-1280')
  })
})
