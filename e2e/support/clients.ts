import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { baseUrl } from './browser.ts'

export interface NewClient {
  firstName: string
  lastName: string
  email: string
  phone: string
  dateOfBirth: string
  address: string
  city: string
  state: string
  zipCode: string
}

let counter = 0
/** A valid client with a unique email; `overrides` change any field. */
export function sampleClient(overrides: Partial<NewClient> = {}): NewClient {
  counter += 1
  return {
    firstName: 'Priya',
    lastName: 'Nair',
    email: `priya-${Date.now()}-${counter}@example.com`,
    phone: '(555) 010-4477',
    dateOfBirth: '1987-06-28',
    address: '12 Walnut Street',
    city: 'Philadelphia',
    state: 'PA',
    zipCode: '19103',
    ...overrides,
  }
}

/** Creates a client through the API in the page's (signed-in) context; answers its id. */
export async function createClientThroughApi(page: Page, client: NewClient): Promise<string> {
  const response = await page.context().request.post('/api/clients', {
    data: client,
    headers: { Origin: baseUrl() },
  })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()).id
}

/** The value shown beside a label in the client details view. */
export function detailValue(page: Page, label: string) {
  return page
    .locator('dl > div')
    .filter({ has: page.locator('dt').getByText(label, { exact: true }) })
    .locator('dd')
}
