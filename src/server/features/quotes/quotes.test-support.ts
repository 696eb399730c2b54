import { addDays } from '#shared/domain/policy-ledger.ts'
import type { TestApp } from '#test/build-test-app.ts'
import { addCarrier } from '#test/delivery-harness.ts'
import type { SignedInUser } from '#test/factories.ts'
import { sampleClientData } from '#test/sample-client-data.ts'

export const today = () => new Date().toISOString().slice(0, 10)

/** An auto application for a new client in Texas, sent to these carriers (at most two: the wizard's primary and secondary). */
export async function sentApplication(test: TestApp, user: SignedInUser, carrierIds: string[]) {
  const response = await test.request({
    method: 'POST',
    url: '/api/applications',
    cookie: user.cookie,
    payload: {
      clientData: sampleClientData(),
      insuranceType: 'auto',
      bulkSubmissionType: 'specific_carriers',
      carrierId: carrierIds[0],
      secondaryCarrierId: carrierIds[1],
      applicationData: { autoData: { vehicleYear: 2022, vehicleMake: 'Honda', vehicleModel: 'Civic' } },
    },
  })
  if (response.statusCode !== 201) throw new Error(`application: ${response.statusCode} ${response.body}`)
  return response.json() as { id: string; client: { id: string } }
}

/** An application sent to an email carrier and a manual one (neither on the API). */
export async function applicationWithTwoCarriers(test: TestApp, user: SignedInUser) {
  const carriers = [await addCarrier(test, user, 'email'), await addCarrier(test, user, 'manual')]
  const application = await sentApplication(
    test,
    user,
    carriers.map((carrier) => carrier.id),
  )
  return { application, carriers }
}

export function quoteInput(carrierId: string, overrides: Record<string, unknown> = {}) {
  return {
    carrierId,
    premium: 600,
    termMonths: 6,
    effectiveDate: addDays(today(), 14),
    quoteNumber: `Q-${Math.floor(Math.random() * 1e9)}`,
    expiresAt: addDays(today(), 30),
    coverages: [
      { label: 'Bodily injury', value: '100/300' },
      { label: 'Collision deductible', value: '$500' },
    ],
    ...overrides,
  }
}

export async function enterQuote(
  test: TestApp,
  user: SignedInUser,
  applicationId: string,
  input: Record<string, unknown>,
) {
  const response = await test.request({
    method: 'POST',
    url: `/api/applications/${applicationId}/quotes`,
    cookie: user.cookie,
    payload: input,
  })
  if (response.statusCode !== 201) throw new Error(`quote: ${response.statusCode} ${response.body}`)
  return response.json() as { id: string; status: string; carrierId: string }
}

export async function compare(test: TestApp, user: SignedInUser, applicationId: string, sort = 'premium') {
  const response = await test.request({
    method: 'GET',
    url: `/api/applications/${applicationId}/quotes?sort=${sort}`,
    cookie: user.cookie,
  })
  if (response.statusCode !== 200) throw new Error(`compare: ${response.statusCode} ${response.body}`)
  return response.json()
}

export function bind(test: TestApp, user: SignedInUser, quoteId: string, body: Record<string, unknown>) {
  return test.request({
    method: 'POST',
    url: `/api/quotes/${quoteId}/bind`,
    cookie: user.cookie,
    payload: body,
  })
}
