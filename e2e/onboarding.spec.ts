import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { pageTitle, signUpThroughApi, toast, uniqueEmail, waitForPath } from './support/app.ts'
import { expectNoSideScroll, expectToast, samplePdf } from './support/appointments.ts'
import {
  DESKTOP,
  expectNoSeriousAxeViolations,
  launchBrowserForFile,
  MOBILE,
  newPage,
} from './support/browser.ts'
import { waitForMail } from './support/mail.ts'

const browser = launchBrowserForFile()
const SHOTS = '/tmp/shots'

/** A date `days` from today on this machine's calendar (the browser's too), YYYY-MM-DD. */
function dayFromToday(days: number): string {
  const at = new Date()
  at.setDate(at.getDate() + days)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click()
  await page.getByRole('tabpanel').filter({ visible: true }).first().waitFor()
}

const dialog = (page: Page) => page.getByRole('dialog')

async function overallProgress(page: Page, agentId: string): Promise<string> {
  await openTab(page, 'Progress')
  const back = page.getByRole('button', { name: 'All agents' })
  const view = page.getByRole('button', { name: `View Details of ${agentId}` })
  // The tab shows the list or the agent it showed last: wait for one of them before choosing (a
  // look before either has rendered saw neither, and left the agent's page open).
  await view.or(back).first().waitFor()
  if (await back.isVisible()) await back.click()
  await view.click()
  return (await page.getByTestId('overall-progress').textContent()) ?? ''
}

async function checklistDone(page: Page, item: string): Promise<boolean> {
  const row = page.getByRole('list', { name: 'Checklist' }).getByRole('listitem').filter({ hasText: item })
  return (await row.getAttribute('data-done')) === 'true'
}

describe.each([
  ['1280', DESKTOP],
  ['390', MOBILE],
] as const)('agency onboarding at %s px', (size, viewport) => {
  it('adds an agent who joins from the mailed link, then moves their progress with real records', {
    timeout: 240_000,
  }, async () => {
    const { page, context } = await newPage(browser(), viewport)
    await signUpThroughApi(page, uniqueEmail(`onboarding-${size}`))
    await page.goto('/agency-onboarding')
    await pageTitle(page, T.title).waitFor()
    await expectNoSeriousAxeViolations(page)

    // Add New Agent: the spec's message first, then the agent.
    const agentId = `AGT-${size}-${Date.now() % 100000}`
    const agentEmail = uniqueEmail(`recruit-${size}`)
    await page.getByRole('button', { name: 'Add New Agent' }).click()
    await dialog(page).getByRole('button', { name: 'Add Agent' }).click()
    await expectToast(page, T.newAgentRequiredTitle, T.newAgentRequired)
    await dialog(page).getByLabel('Agent ID').fill(agentId)
    await dialog(page).getByLabel('Email').fill(agentEmail)
    await dialog(page).getByLabel('First Name').fill('Nadia')
    await dialog(page).getByLabel('Last Name').fill('Brooks')
    await dialog(page).getByLabel('Phone (optional)').fill('(512) 555-0142')
    await dialog(page).getByLabel('Department (optional)').selectOption('sales')
    await expectNoSeriousAxeViolations(page)
    await dialog(page).getByRole('button', { name: 'Add Agent' }).click()
    await expectToast(page, 'Success', 'New agent added successfully!')
    await dialog(page).waitFor({ state: 'detached' })
    expect(await overallProgress(page, agentId)).toBe('14%')

    // The invitation, opened from the mail sink in another browser: set a password and join.
    const mail = await waitForMail(agentEmail, /\/join-agency#/)
    const link = mail.text.match(/https?:\/\/\S+\/join-agency#[A-Za-z0-9_-]+/)![0]
    const invited = await newPage(browser(), viewport)
    await invited.page.goto(new URL(link).pathname + new URL(link).hash)
    await invited.page.getByRole('heading', { level: 1, name: /^Join / }).waitFor()
    await expectNoSeriousAxeViolations(invited.page)
    await invited.page.getByLabel('Password', { exact: true }).fill('nadia joins today')
    await invited.page.getByLabel('Confirm password').fill('nadia joins today')
    await invited.page.getByRole('button', { name: 'Set password and join' }).click()
    await waitForPath(invited.page, '/login')
    await invited.page.getByLabel('Email').fill(agentEmail)
    await invited.page.getByLabel('Password').fill('nadia joins today')
    await invited.page.getByRole('button', { name: 'Sign In' }).click()
    await waitForPath(invited.page, '/')
    await invited.page.goto('/agency-onboarding?tab=progress')
    await invited.page.getByRole('button', { name: `View Details of ${agentId}` }).waitFor()
    await invited.context.close()

    // A workflow with a dependency, and a cycle refused.
    await openTab(page, 'Workflow')
    await page.getByRole('button', { name: 'Create Workflow' }).click()
    const first = dialog(page).getByRole('group', { name: 'Personal Information Collection depends on' })
    await first.getByLabel('License Verification').check()
    await dialog(page).getByRole('button', { name: 'Create Workflow' }).click()
    await dialog(page)
      .getByRole('alert')
      .getByText(/depend on each other in a circle/)
      .waitFor()
    await first.getByLabel('License Verification').uncheck()
    await dialog(page).getByLabel('Workflow name').fill(`Mentored path ${size}`)
    await dialog(page).getByLabel('Step title').fill('Mentor meeting')
    await dialog(page).getByLabel('Step description').fill('Meet the assigned mentor')
    await dialog(page).getByRole('button', { name: 'Add step' }).click()
    await dialog(page)
      .getByRole('group', { name: 'Mentor meeting depends on' })
      .getByLabel('System Setup')
      .check()
    await expectNoSeriousAxeViolations(page)
    await dialog(page).getByRole('button', { name: 'Create Workflow' }).click()
    await expectToast(page, T.workflowCreated)
    await page.getByRole('heading', { name: `Mentored path ${size}` }).waitFor()
    await page.getByText('+5 more steps').first().waitFor()

    // A license expiring in 20 days: the banner and its label.
    await openTab(page, 'Licenses')
    await page.getByRole('button', { name: 'Add License' }).click()
    await dialog(page).getByLabel('Agent ID').fill(agentId)
    await dialog(page).getByLabel('License number').fill('TX-2020202')
    await dialog(page).getByLabel('State').selectOption('TX')
    await dialog(page).getByLabel('License type').selectOption('Life & Health')
    await dialog(page).getByLabel('Expiration date').fill(dayFromToday(20))
    await dialog(page).getByRole('button', { name: 'Add License' }).click()
    await expectToast(page, T.licenseAdded)
    const banner = page.getByRole('region', { name: T.alertsTitle })
    await banner.getByText('Expires in 20 days').waitFor()
    await page.getByRole('table', { name: 'Licenses' }).getByText('Expires in 20 days').waitFor()
    expect(await overallProgress(page, agentId)).toBe('29%')
    expect(await checklistDone(page, 'License Verification')).toBe(true)

    // Training scheduled and marked Present.
    await openTab(page, 'Training')
    await page.getByRole('button', { name: 'Schedule Training' }).click()
    await dialog(page).getByLabel('Agent ID').fill(agentId)
    await dialog(page).getByLabel('Title').fill('Compliance basics')
    await dialog(page).getByLabel('Date').fill(dayFromToday(1))
    await dialog(page).getByLabel('Time').fill('10:30')
    await dialog(page).getByRole('button', { name: 'Schedule Training' }).click()
    await expectToast(page, T.trainingScheduled)
    await page.getByRole('button', { name: `Present for Compliance basics (${agentId})` }).click()
    await expectToast(page, T.trainingUpdated)
    await page.getByRole('list', { name: 'Training sessions' }).getByText('Completed').waitFor()

    // A document (with its file) approved.
    await openTab(page, 'Docs')
    await page.getByRole('button', { name: 'Add Document' }).click()
    await dialog(page).getByLabel('Agent ID').fill(agentId)
    await dialog(page).getByLabel('Document type').selectOption('eo_insurance')
    await dialog(page).getByLabel('Document name').fill('E&O certificate')
    await dialog(page).getByLabel('Expiration date (optional)').fill(dayFromToday(300))
    await dialog(page)
      .getByLabel('File (optional)')
      .setInputFiles({
        name: 'eo.pdf',
        mimeType: 'application/pdf',
        buffer: await samplePdf('E&O certificate'),
      })
    await dialog(page).getByRole('button', { name: 'Add Document' }).click()
    await expectToast(page, T.documentAdded)
    await page.getByRole('button', { name: 'Approve E&O certificate' }).click()
    await expectToast(page, T.documentUpdated)
    await page.getByRole('table', { name: 'Onboarding documents' }).getByText('Document approved').waitFor()

    // The checklist moved with each record; the E&O step now counts (training waits on the background check).
    expect(await overallProgress(page, agentId)).toBe('43%')
    for (const item of [
      'Personal Information',
      'License Verification',
      'E&O Insurance',
      'Training',
      'System Setup',
    ])
      expect(await checklistDone(page, item), item).toBe(true)
    expect(await checklistDone(page, 'Background Check')).toBe(false)
    await expectNoSeriousAxeViolations(page)
    await expectNoSideScroll(page)
    await page.screenshot({ path: `${SHOTS}/onboarding-agent-${size}.png`, fullPage: true })
    await page.getByRole('button', { name: 'All agents' }).click()
    await page.getByRole('img', { name: /Agents per progress band/ }).waitFor()
    await expectNoSeriousAxeViolations(page)
    await expectNoSideScroll(page)
    await page.screenshot({ path: `${SHOTS}/onboarding-progress-${size}.png`, fullPage: true })
    expect(await toast(page).count()).toBeLessThanOrEqual(1)
    await context.close()
  })
})
