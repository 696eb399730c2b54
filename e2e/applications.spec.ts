import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { APPLICATION_TEXTS } from '#shared/contracts/applications.contract.ts'
import { newSignedUpPage, pageTitle, toast, waitForPath } from './support/app.ts'
import { expectNoSideScroll } from './support/appointments.ts'
import { expectNoSeriousAxeViolations as checkA11y, launchBrowserForFile, MOBILE } from './support/browser.ts'

const browser = launchBrowserForFile()

const MATCHING = /^(\d+) matching carriers?$/

function wizard(page: Page): Locator {
  return page.getByRole('dialog', { name: APPLICATION_TEXTS.dialogTitle })
}

async function expectNext(dialog: Locator, enabled: boolean) {
  expect(await dialog.getByRole('button', { name: 'Next' }).isEnabled()).toBe(enabled)
}

async function fillNewClient(dialog: Locator, firstName: string, lastName: string) {
  const fields: [string, string][] = [
    ['First name', firstName],
    ['Last name', lastName],
    ['Email', `${firstName.toLowerCase()}.${Date.now()}@example.com`],
    ['Phone', '5550102030'],
    ['Date of birth', '1988-04-23'],
    ['SSN', '123-45-6789'],
    ['Address', '12 Harbor Road'],
    ['City', 'Austin'],
    ['State', 'TX'],
    ['ZIP code', '78701'],
  ]
  for (const [label, value] of fields) await dialog.getByLabel(label, { exact: true }).fill(value)
}

/** Step 1 and 2 with a new client; the wizard then shows the type's coverage details. */
async function startApplication(page: Page, type: string, client: [string, string], a11y = false) {
  const dialog = wizard(page)
  await dialog.waitFor()
  if (a11y) await checkA11y(page)
  await expectNext(dialog, false)
  await dialog.getByRole('radio', { name: type }).click()
  await dialog.getByRole('button', { name: 'Next' }).click()
  await expectNext(dialog, false)
  if (a11y) await checkA11y(page)
  await fillNewClient(dialog, ...client)
  await expectNext(dialog, true)
  await dialog.getByRole('button', { name: 'Next' }).click()
  await dialog.getByText(`${type} details`).waitFor()
  return dialog
}

async function matchingCount(dialog: Locator): Promise<number> {
  const text = (await dialog.getByText(MATCHING).textContent()) ?? ''
  return Number(MATCHING.exec(text)?.[1])
}

async function submitAndExpectCreated(page: Page, dialog: Locator, label: string) {
  await dialog.getByRole('button', { name: label }).click()
  await expect.poll(() => toast(page).textContent()).toContain(APPLICATION_TEXTS.created)
  await dialog.waitFor({ state: 'detached' })
}

async function statValue(page: Page, testId: string): Promise<string | null> {
  return page.getByTestId(testId).textContent()
}

describe('new application wizard', () => {
  it('creates one application of each type, then meets the free plan limit', {
    timeout: 240_000,
  }, async () => {
    const { page, context } = await newSignedUpPage(browser(), 'apps')
    await page.goto('/')
    await pageTitle(page, 'Dashboard').waitFor()
    await page.getByText(APPLICATION_TEXTS.emptyDashboard).waitFor()
    await checkA11y(page)

    // 1. Auto from the dashboard, filtered carriers: every gate, and the count follows the slider.
    await page.getByRole('button', { name: 'New Application' }).first().click()
    let dialog = await startApplication(page, 'Auto', ['Ana', 'Lopez'], true)
    await checkA11y(page)
    await dialog.getByLabel('Vehicle make').fill('Toyota')
    await dialog.getByLabel('Vehicle year').fill('2021')
    await expectNext(dialog, true)
    await dialog.getByRole('button', { name: 'Next' }).click()
    await dialog.getByText(MATCHING).waitFor()
    await checkA11y(page)
    expect(await dialog.getByRole('button', { name: 'Next' }).count()).toBe(0)
    const before = await matchingCount(dialog)
    await dialog.getByLabel('Maximum monthly price').focus()
    await page.keyboard.press('End')
    await dialog.locator('output', { hasText: '$1000+' }).waitFor()
    await expect.poll(() => matchingCount(dialog)).toBeGreaterThan(before)
    const after = await matchingCount(dialog)
    await submitAndExpectCreated(page, dialog, APPLICATION_TEXTS.submitFiltered.replace('{n}', String(after)))
    await expect.poll(() => statValue(page, 'stat-total')).toBe('1')
    await page.getByRole('table').getByText('Ana Lopez').waitFor()

    // 2. Property from the applications page, all carriers.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'New Application' })
      .click()
    await waitForPath(page, '/applications')
    dialog = await startApplication(page, 'Property', ['Bo', 'Kim'])
    await dialog.getByLabel('Property value ($)').fill('350000')
    await dialog.getByRole('button', { name: 'Next' }).click()
    await dialog.getByRole('radio', { name: /All carriers/ }).click()
    await submitAndExpectCreated(page, dialog, APPLICATION_TEXTS.submitAll)
    await expect.poll(() => statValue(page, 'applications-total')).toBe('2')

    // 3. Life, specific carriers: submit waits for a primary carrier.
    await page.getByRole('button', { name: 'New Application' }).click()
    dialog = await startApplication(page, 'Life', ['Cara', 'Diaz'])
    await dialog.getByLabel('Beneficiary name').fill('Dan Diaz')
    await dialog.getByRole('button', { name: 'Next' }).click()
    await dialog.getByRole('radio', { name: /Specific carriers/ }).click()
    const create = dialog.getByRole('button', { name: APPLICATION_TEXTS.submitSpecific })
    expect(await create.isEnabled()).toBe(false)
    const primary = dialog.getByLabel('Primary carrier')
    const options = await primary
      .locator('option')
      .evaluateAll((list) => list.map((option) => (option as HTMLOptionElement).value).filter(Boolean))
    await primary.selectOption(options[0]!)
    await dialog.getByLabel('Secondary carrier (optional)').selectOption(options[1]!)
    await checkA11y(page)
    await submitAndExpectCreated(page, dialog, APPLICATION_TEXTS.submitSpecific)

    // 4. Commercial, filtered with a preferred strength.
    await page.getByRole('button', { name: 'New Application' }).click()
    dialog = await startApplication(page, 'Commercial', ['Dev', 'Patel'])
    await dialog.getByLabel('Business name').fill('Patel Bakery')
    await dialog.getByRole('checkbox', { name: 'General liability' }).check()
    await dialog.getByRole('button', { name: 'Next' }).click()
    await dialog.getByLabel('Maximum monthly price').focus()
    await page.keyboard.press('End')
    await dialog.getByRole('checkbox', { name: 'A', exact: true }).check()
    const commercialCount = await matchingCount(dialog)
    await submitAndExpectCreated(
      page,
      dialog,
      APPLICATION_TEXTS.submitFiltered.replace('{n}', String(commercialCount)),
    )

    // 5. Healthcare for an existing client, all carriers.
    await page.getByRole('button', { name: 'New Application' }).click()
    dialog = wizard(page)
    await dialog.getByRole('radio', { name: 'Healthcare' }).click()
    await dialog.getByRole('button', { name: 'Next' }).click()
    await dialog.getByRole('tab', { name: 'Existing client' }).click()
    await dialog.getByRole('searchbox', { name: 'Search clients' }).fill('Lopez')
    await dialog.getByRole('radio', { name: /Ana Lopez/ }).click()
    await checkA11y(page)
    await dialog.getByRole('button', { name: 'Next' }).click()
    await dialog.getByText('Healthcare details').waitFor()
    await dialog.getByRole('checkbox', { name: 'Dental coverage' }).check()
    await dialog.getByRole('button', { name: 'Next' }).click()
    await dialog.getByRole('radio', { name: /All carriers/ }).click()
    await submitAndExpectCreated(page, dialog, APPLICATION_TEXTS.submitAll)
    await expect.poll(() => statValue(page, 'applications-total')).toBe('5')
    expect(await statValue(page, 'applications-pending')).toBe('5')

    // 6. The free plan's sixth application this month is refused with a way to upgrade.
    await page.getByRole('button', { name: 'New Application' }).click()
    dialog = await startApplication(page, 'Auto', ['Eli', 'Stone'])
    await dialog.getByRole('button', { name: 'Next' }).click()
    await dialog.getByRole('radio', { name: /All carriers/ }).click()
    await dialog.getByRole('button', { name: APPLICATION_TEXTS.submitAll }).click()
    const limit = dialog.getByText(/applications a month and this month has used them all/)
    await limit.waitFor()
    expect(await limit.textContent()).toContain('Upgrade')
    await expect.poll(() => toast(page).textContent()).toContain(APPLICATION_TEXTS.createFailed)
    await checkA11y(page)
    await dialog.getByRole('link', { name: 'View plans and upgrade' }).click()
    await waitForPath(page, '/subscription')

    await page.goto('/')
    await expect.poll(() => statValue(page, 'stat-total')).toBe('5')
    expect(await statValue(page, 'stat-pending')).toBe('5')
    expect(await page.getByRole('table').getByRole('row').count()).toBe(6)
    await checkA11y(page)
    // On a phone the recent applications scroll inside their card; the page itself does not widen.
    await page.setViewportSize(MOBILE)
    await expectNoSideScroll(page)
    await context.close()
  })

  it('works at 390px wide with every step reachable and no sideways scrolling', async () => {
    const { page, context } = await newSignedUpPage(browser(), 'apps-mobile', MOBILE)
    await page.goto('/applications?new=1')
    const dialog = await startApplication(page, 'Life', ['Mia', 'Ross'], true)
    const overflow = () =>
      page.evaluate(() => {
        const box = document.querySelector('[role="dialog"]') as HTMLElement
        return box.scrollWidth - box.clientWidth + document.documentElement.scrollWidth - window.innerWidth
      })
    expect(await overflow()).toBeLessThanOrEqual(0)
    await checkA11y(page)
    await dialog.getByRole('button', { name: 'Next' }).click()
    await dialog.getByText(MATCHING).waitFor()
    expect(await overflow()).toBeLessThanOrEqual(0)
    await checkA11y(page)
    const submit = dialog.getByRole('button', { name: /^Submit to \d+ Carriers$/ })
    expect((await submit.boundingBox())?.height).toBeGreaterThanOrEqual(44)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    await context.close()
  })
})
