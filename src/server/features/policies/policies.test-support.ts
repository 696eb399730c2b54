import type { TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, uniqueEmail } from '#test/factories.ts'

/** A client of the user's agency, made through the API; its id. */
export async function addClient(
  test: TestApp,
  user: SignedInUser,
  firstName = 'Maria',
  lastName = 'Gonzalez',
) {
  const response = await test.request({
    method: 'POST',
    url: '/api/clients',
    cookie: user.cookie,
    payload: {
      firstName,
      lastName,
      email: uniqueEmail(firstName.toLowerCase()),
      phone: '(555) 201-3344',
      dateOfBirth: '1984-03-12',
      address: '12 Harbor Lane',
      city: 'Sacramento',
      state: 'CA',
      zipCode: '95814',
    },
  })
  if (response.statusCode !== 201) throw new Error(`client: ${response.statusCode} ${response.body}`)
  return response.json().id as string
}

/** Catalogue carriers the agency can use. */
export async function catalogueCarriers(
  test: TestApp,
  user: SignedInUser,
): Promise<{ id: string; name: string }[]> {
  const response = await test.request({ method: 'GET', url: '/api/carriers', cookie: user.cookie })
  return response.json().data
}

export function policyInput(clientId: string, carrierId: string, overrides: Record<string, unknown> = {}) {
  return {
    policyNumber: `AB-${Math.floor(Math.random() * 1e9)}`,
    clientId,
    carrierId,
    lineOfBusiness: 'auto',
    effectiveDate: '2026-01-01',
    expirationDate: '2027-01-01',
    annualPremium: 1200,
    ...overrides,
  }
}

/** Enters a policy by hand and answers it (the wire shape). */
export async function enterPolicy(test: TestApp, user: SignedInUser, input: Record<string, unknown>) {
  const response = await test.request({
    method: 'POST',
    url: '/api/policies',
    cookie: user.cookie,
    payload: input,
  })
  if (response.statusCode !== 201) throw new Error(`policy: ${response.statusCode} ${response.body}`)
  return response.json()
}
