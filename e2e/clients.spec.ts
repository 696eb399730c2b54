import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { CLIENT_MESSAGES } from '#shared/contracts/clients.contract.ts'
import { newSignedUpPage, pageTitle, toast, waitForPath } from './support/app.ts'
import { expectNoSeriousAxeViolations as checkA11y, launchBrowserForFile, MOBILE } from './support/browser.ts'
import { createClientThroughApi, detailValue, sampleClient } from './support/clients.ts'

const REQUIRED_MESSAGES = [
  CLIENT_MESSAGES.firstNameRequired,
  CLIENT_MESSAGES.lastNameRequired,
  CLIENT_MESSAGES.emailInvalid,
  CLIENT_MESSAGES.phoneMin,
  CLIENT_MESSAGES.dateOfBirthRequired,
  CLIENT_MESSAGES.addressRequired,
  CLIENT_MESSAGES.cityRequired,
  CLIENT_MESSAGES.stateMin,
  CLIENT_MESSAGES.zipMin,
]

const browser = launchBrowserForFile()

function cards(page: Page) {
  return page.getByRole('list', { name: 'Clients' }).locator(':scope > li')
}

async function openAddDialog(page: Page) {
  await page.getByRole('button', { name: 'Add Client' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add New Client' })
  await dialog.waitFor()
  return dialog
}

describe('clients', () => {
  it('adds a client through the dialog after showing every required message, then searches', async () => {
    const { page, context } = await newSignedUpPage(browser(), 'clients')
    await page.goto('/clients')
    await pageTitle(page, CLIENT_MESSAGES.title).waitFor()
    await page.getByText(CLIENT_MESSAGES.emptyStart).waitFor()
    await checkA11y(page)

    const dialog = await openAddDialog(page)
    await dialog.getByRole('button', { name: 'Add Client' }).click()
    for (const message of REQUIRED_MESSAGES) await dialog.getByText(message, { exact: true }).waitFor()
    await checkA11y(page)

    const client = sampleClient({ firstName: 'Ana', lastName: 'Silva' })
    await dialog.getByLabel('First name').fill(client.firstName)
    await dialog.getByLabel('Last name').fill(client.lastName)
    await dialog.getByLabel('Email').fill(client.email)
    await dialog.getByLabel('Phone').fill(client.phone)
    await dialog.getByLabel('Date of birth').fill(client.dateOfBirth)
    await dialog.getByLabel('Address').fill(client.address)
    await dialog.getByLabel('City').fill(client.city)
    await dialog.getByLabel('State').fill(client.state)
    await dialog.getByLabel('ZIP code').fill(client.zipCode)
    await dialog.getByLabel('Notes (optional)').fill('Prefers evening calls')
    await dialog.getByRole('button', { name: 'Add Client' }).click()
    await expect.poll(() => toast(page).textContent()).toContain(CLIENT_MESSAGES.added)
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => cards(page).count()).toBe(1)
    const card = cards(page).first()
    expect(await card.getByRole('heading').textContent()).toBe('Ana Silva')
    expect(await card.textContent()).toContain('AS')
    expect(await card.textContent()).toContain(client.email)
    expect(await card.textContent()).toContain('Philadelphia, PA')
    expect(await card.textContent()).toContain('0 Applications')
    await expect.poll(() => page.getByText('Total Clients').locator('xpath=..').textContent()).toContain('1')

    // The same email again is refused on the email field.
    const again = await openAddDialog(page)
    await again.getByLabel('First name').fill('Other')
    await again.getByLabel('Last name').fill('Person')
    await again.getByLabel('Email').fill(client.email.toUpperCase())
    await again.getByLabel('Phone').fill(client.phone)
    await again.getByLabel('Date of birth').fill(client.dateOfBirth)
    await again.getByLabel('Address').fill(client.address)
    await again.getByLabel('City').fill(client.city)
    await again.getByLabel('State').fill(client.state)
    await again.getByLabel('ZIP code').fill(client.zipCode)
    await again.getByRole('button', { name: 'Add Client' }).click()
    await again.getByText(CLIENT_MESSAGES.emailTaken, { exact: true }).waitFor()
    await expect.poll(() => toast(page).textContent()).toContain(CLIENT_MESSAGES.addFailed)
    await again.getByRole('button', { name: 'Cancel' }).click()
    await again.waitFor({ state: 'detached' })

    await createClientThroughApi(page, sampleClient({ firstName: 'Omar', lastName: 'Haddad' }))
    await page.reload()
    await expect.poll(() => cards(page).count()).toBe(2)
    const search = page.getByRole('searchbox', { name: 'Search clients' })
    await search.fill('HADD')
    await expect.poll(() => cards(page).allTextContents()).toEqual([expect.stringContaining('Omar Haddad')])
    await search.fill('nobody-by-that-name')
    await page.getByText(CLIENT_MESSAGES.emptySearching).waitFor()
    await page.getByRole('heading', { name: CLIENT_MESSAGES.emptyTitle }).waitFor()
    await search.fill('')
    await expect.poll(() => cards(page).count()).toBe(2)
    await context.close()
  })

  it('opens the details, edits them, and reveals the SSN entered while editing', async () => {
    const { page, context } = await newSignedUpPage(browser(), 'details')
    const id = await createClientThroughApi(page, sampleClient({ firstName: 'Mei', lastName: 'Tanaka' }))
    await page.goto('/clients')
    await page.getByRole('link', { name: 'View Details for Mei Tanaka' }).click()
    await waitForPath(page, `/clients/${id}`)
    await pageTitle(page, 'Mei Tanaka').waitFor()
    expect(await detailValue(page, 'SSN').textContent()).toBe('—')
    expect(await detailValue(page, 'Employer').textContent()).toBe('—')
    await page.getByText('No applications yet.').waitFor()
    await checkA11y(page)

    await page.getByRole('button', { name: 'Edit' }).click()
    const form = page.getByRole('form', { name: 'Edit client' })
    await form.waitFor()
    await checkA11y(page)
    await form.getByLabel('SSN', { exact: true }).fill('123-45-6789')
    await form.getByLabel('Employer', { exact: true }).fill('Harbor Logistics')
    await form.getByLabel('Marital status', { exact: true }).selectOption('Married')
    await form.getByLabel('Budget range (per month)', { exact: true }).selectOption({ label: '$200-500' })
    await form.getByLabel('Smoker', { exact: true }).check()
    await form.getByLabel('Accidents in the last 5 years', { exact: true }).fill('2')
    await form.getByRole('button', { name: 'Save Changes' }).click()
    await expect.poll(() => toast(page).textContent()).toContain('Client updated successfully')
    await page.getByRole('button', { name: 'Edit' }).waitFor()
    expect(await detailValue(page, 'SSN').textContent()).toContain('***-**-6789')
    expect(await detailValue(page, 'Employer').textContent()).toBe('Harbor Logistics')
    expect(await detailValue(page, 'Marital status').textContent()).toBe('Married')
    expect(await detailValue(page, 'Budget range (per month)').textContent()).toBe('$200-500')
    expect(await detailValue(page, 'Smoker').textContent()).toBe('Yes')
    expect(await detailValue(page, 'Accidents in the last 5 years').textContent()).toBe('2')

    // A second save without touching the SSN keeps the value on file.
    await page.getByRole('button', { name: 'Edit' }).click()
    expect(await form.getByLabel('SSN', { exact: true }).inputValue()).toBe('')
    await form.getByText('Leave blank to keep the value on file (***-**-6789).').waitFor()
    await form.getByLabel('City', { exact: true }).fill('Albany')
    await form.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByRole('button', { name: 'Edit' }).waitFor()
    expect(await detailValue(page, 'City').textContent()).toBe('Albany')

    await page.getByRole('button', { name: 'Reveal SSN' }).click()
    await expect.poll(() => detailValue(page, 'SSN').textContent()).toContain('123-45-6789')
    await checkA11y(page)
    await page.getByRole('button', { name: 'Hide SSN' }).click()
    expect(await detailValue(page, 'SSN').textContent()).toContain('***-**-6789')

    await page.getByRole('link', { name: 'Back to Clients' }).click()
    await waitForPath(page, '/clients')
    await expect.poll(() => cards(page).first().textContent()).toContain('Albany, PA')
    await context.close()
  })

  it('passes axe at 390 px with cards and with the add dialog open', async () => {
    const { page, context } = await newSignedUpPage(browser(), 'mobile', MOBILE)
    await createClientThroughApi(page, sampleClient())
    await page.goto('/clients')
    await expect.poll(() => cards(page).count()).toBe(1)
    await checkA11y(page)
    const dialog = await openAddDialog(page)
    await dialog.getByRole('button', { name: 'Add Client' }).click()
    await dialog.getByText(CLIENT_MESSAGES.firstNameRequired).waitFor()
    await checkA11y(page)
    await context.close()
  })
})
