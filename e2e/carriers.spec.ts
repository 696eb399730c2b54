import { describe, expect, it } from 'vitest'
import { CARRIER_TEXTS } from '#shared/contracts/carriers.contract.ts'
import { newSignedUpPage, pageTitle, toast } from './support/app.ts'
import { expectNoSeriousAxeViolations as checkA11y, launchBrowserForFile, MOBILE } from './support/browser.ts'

const browser = launchBrowserForFile()

describe('carriers', () => {
  it('searches, filters by type, adds a carrier and switches one off', { timeout: 120_000 }, async () => {
    const { page, context } = await newSignedUpPage(browser(), 'carriers')
    await page.goto('/carriers')
    await pageTitle(page, CARRIER_TEXTS.title).waitFor()
    await page.getByText(CARRIER_TEXTS.subtitle).waitFor()
    const grid = page.getByRole('list', { name: 'Carriers' })
    await grid.waitFor()
    await checkA11y(page)
    const total = Number(await page.getByTestId('carrier-count-all').textContent())
    expect(total).toBeGreaterThan(0)
    expect(await grid.getByRole('listitem').count()).toBe(total)

    // Type buttons narrow the grid to the per-type count.
    const lifeCount = Number(await page.getByTestId('carrier-count-life').textContent())
    await page.getByRole('button', { name: 'Life', exact: true }).click()
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(lifeCount)
    await page.getByRole('button', { name: 'All Types' }).click()

    // Search matches the code case-insensitively.
    const firstName = (await grid.getByRole('heading').first().textContent()) ?? ''
    const firstCode = (await grid.getByRole('listitem').first().locator('p').first().textContent()) ?? ''
    await page.getByPlaceholder(CARRIER_TEXTS.searchPlaceholder).fill(firstCode.toLowerCase())
    await expect.poll(() => grid.getByRole('heading').first().textContent()).toBe(firstName)
    await page.getByPlaceholder(CARRIER_TEXTS.searchPlaceholder).fill('no carrier has this name')
    await page.getByText(CARRIER_TEXTS.empty).waitFor()
    await page.getByPlaceholder(CARRIER_TEXTS.searchPlaceholder).fill('')

    // Add Carrier: no type is refused with the Validation Error toast, then it is added.
    await page.getByRole('button', { name: 'Add Carrier' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Carrier' })
    await checkA11y(page)
    const code = `E2E${Date.now().toString(36).slice(-5)}`.toLowerCase()
    await dialog.getByLabel('Carrier name').fill('Harborline Test Mutual')
    await dialog.getByLabel('Carrier code').pressSequentially(code)
    expect(await dialog.getByLabel('Carrier code').inputValue()).toBe(code.toUpperCase())
    await dialog.getByLabel('Primary state').selectOption('NY')
    await dialog.getByRole('button', { name: 'Add Carrier' }).click()
    await expect.poll(() => toast(page).textContent()).toContain(CARRIER_TEXTS.typeRequired)
    expect(await toast(page).textContent()).toContain(CARRIER_TEXTS.validationTitle)
    await dialog.getByRole('checkbox', { name: 'Commercial' }).check()
    await dialog.getByLabel('Contact email (optional)').fill('quotes@harborline.example')
    await dialog.getByRole('button', { name: 'Add Carrier' }).click()
    await expect.poll(() => toast(page).textContent()).toContain(CARRIER_TEXTS.added)
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('carrier-count-all').textContent()).toBe(String(total + 1))

    // The same code again is refused with the server's reason.
    await page.getByRole('button', { name: 'Add Carrier' }).click()
    await dialog.getByLabel('Carrier name').fill('Harborline Again')
    await dialog.getByLabel('Carrier code').fill(code)
    await dialog.getByLabel('Primary state').selectOption('CA')
    await dialog.getByRole('checkbox', { name: 'Auto' }).check()
    await dialog.getByRole('button', { name: 'Add Carrier' }).click()
    await expect.poll(() => toast(page).textContent()).toContain(CARRIER_TEXTS.codeTaken)
    await dialog.getByRole('button', { name: 'Cancel' }).click()

    // Details of the new carrier, then switch it off.
    await page.getByPlaceholder(CARRIER_TEXTS.searchPlaceholder).fill('harborline')
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(1)
    await page.getByRole('button', { name: 'View Details for Harborline Test Mutual' }).click()
    const details = page.getByRole('dialog', { name: 'Harborline Test Mutual' })
    await details.getByText(code.toUpperCase()).waitFor()
    for (const integration of CARRIER_TEXTS.integrations) await details.getByText(integration).waitFor()
    await details.getByText('quotes@harborline.example').waitFor()
    await details.getByText('NY', { exact: true }).waitFor()
    await checkA11y(page)
    await details.getByRole('button', { name: 'Close' }).click()
    const toggle = page.getByRole('switch', { name: 'Harborline Test Mutual active for your agency' })
    expect(await toggle.getAttribute('aria-checked')).toBe('true')
    await toggle.click()
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false')
    await grid.getByText('Inactive').waitFor()
    await page.reload()
    await page.getByPlaceholder(CARRIER_TEXTS.searchPlaceholder).fill('harborline')
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false')
    await context.close()
  })

  it('shows the grid and the Add Carrier dialog at 390px', async () => {
    const { page, context } = await newSignedUpPage(browser(), 'carriers-mobile', MOBILE)
    await page.goto('/carriers')
    await page.getByRole('list', { name: 'Carriers' }).waitFor()
    await checkA11y(page)
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)
    await page.getByRole('button', { name: 'Add Carrier' }).click()
    await page.getByRole('dialog', { name: 'Add Carrier' }).waitFor()
    await checkA11y(page)
    await context.close()
  })
})
