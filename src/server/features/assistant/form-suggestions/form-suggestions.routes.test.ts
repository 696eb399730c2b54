import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { FORM_SUGGESTION_TEXTS } from '#shared/contracts/form-suggestions.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, type SignedInUser, signUp } from '#test/factories.ts'

let test: TestApp
let user: SignedInUser
beforeAll(async () => {
  test = await buildTestApp()
  user = await signUp(test)
})
afterAll(() => test.close())

const generate = (payload: Record<string, unknown>, cookie = user.cookie) =>
  test.request({ method: 'POST', url: '/api/ai/form-suggestions/generate', cookie, payload })

describe('POST /api/ai/form-suggestions/generate', () => {
  it('answers suggestions with confidence and what they are based on, and keeps them', async () => {
    const response = await generate({ formType: 'client', formData: { zipCode: '60614' }, carrierId: null })
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json()
    expect(body.message).toBe(FORM_SUGGESTION_TEXTS.generated)
    expect(body.suggestions).toEqual([
      expect.objectContaining({
        fieldName: 'state',
        suggestedValue: 'IL',
        confidence: 0.98,
        basedOn: 'ZIP code 60614',
        isAccepted: false,
      }),
      expect.objectContaining({
        fieldName: 'city',
        suggestedValue: 'Chicago',
        confidence: 0.95,
        isAccepted: false,
      }),
    ])
    const listed = await test.request({
      method: 'GET',
      url: '/api/ai/form-suggestions?formType=client',
      cookie: user.cookie,
    })
    expect(
      listed
        .json()
        .map((s: { id: string }) => s.id)
        .sort(),
    ).toEqual(body.suggestions.map((s: { id: string }) => s.id).sort())
  })

  it('finds the suggestions it already made rather than keeping copies', async () => {
    const first = (await generate({ formType: 'client', formData: { zipCode: '73301' } })).json()
    const again = (await generate({ formType: 'client', formData: { zipCode: '73301' } })).json()
    expect(again.suggestions.map((s: { id: string }) => s.id)).toEqual(
      first.suggestions.map((s: { id: string }) => s.id),
    )
  })

  it('reads a VIN in an application form and says why it cannot use a mistyped one', async () => {
    const good = await generate({
      formType: 'application',
      formData: { insuranceType: 'auto', applicationData: { autoData: { vehicleVin: 'WBA3A5C50DF123456' } } },
    })
    const fields = Object.fromEntries(
      good
        .json()
        .suggestions.map((s: { fieldName: string; suggestedValue: string }) => [
          s.fieldName,
          s.suggestedValue,
        ]),
    )
    expect(fields).toMatchObject({
      'applicationData.autoData.vehicleYear': '2013',
      'applicationData.autoData.vehicleMake': 'BMW',
    })
    const typo = await generate({
      formType: 'application',
      formData: { insuranceType: 'auto', applicationData: { autoData: { vehicleVin: 'WBA3A5C51DF123456' } } },
    })
    expect(typo.json().notes).toEqual([
      "The VIN's check digit (the 9th character) does not match: look for a typing error.",
    ])
  })

  it('refuses a form type outside the list', async () => {
    for (const formType of ['carrier', undefined]) {
      const response = await generate({ formType, formData: {} })
      expect(response.statusCode).toBe(400)
      expect(response.json().errors).toEqual([{ path: 'formType', message: FORM_SUGGESTION_TEXTS.formType }])
    }
    const list = await test.request({
      method: 'GET',
      url: '/api/ai/form-suggestions?formType=quote',
      cookie: user.cookie,
    })
    expect(list.statusCode).toBe(400)
  })
})

describe('PATCH /api/ai/form-suggestions/:id', () => {
  it('keeps an accepted suggestion, with an audit event, and lets it be withdrawn', async () => {
    const [suggestion] = (await generate({ formType: 'client', formData: { zipCode: '98101' } })).json()
      .suggestions
    const accepted = await test.request({
      method: 'PATCH',
      url: `/api/ai/form-suggestions/${suggestion.id}`,
      cookie: user.cookie,
      payload: { isAccepted: true },
    })
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json()).toMatchObject({ id: suggestion.id, isAccepted: true })
    const events = await test.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'assistant.suggestion_accepted'), eq(auditEvents.entityId, suggestion.id)),
      )
    expect(events).toHaveLength(1)

    // The same ZIP typed again for the next client is suggested afresh; the accepted one stays.
    const next = (await generate({ formType: 'client', formData: { zipCode: '98101' } })).json().suggestions
    const twin = next.find((s: { fieldName: string }) => s.fieldName === suggestion.fieldName)
    expect(twin.id).not.toBe(suggestion.id)
    expect(twin.isAccepted).toBe(false)

    const withdrawn = await test.request({
      method: 'PATCH',
      url: `/api/ai/form-suggestions/${suggestion.id}`,
      cookie: user.cookie,
      payload: { isAccepted: 'false' },
    })
    expect(withdrawn.json()).toMatchObject({ id: suggestion.id, isAccepted: false })
  })

  it('answers 404 for a colleague’s suggestion and 400 for a value that is not true or false', async () => {
    const [suggestion] = (await generate({ formType: 'client', formData: { zipCode: '33101' } })).json()
      .suggestions
    const colleague = await addAgent(test, user.user.agencyId)
    const theirs = await test.request({
      method: 'PATCH',
      url: `/api/ai/form-suggestions/${suggestion.id}`,
      cookie: colleague.cookie,
      payload: { isAccepted: true },
    })
    expect(theirs.statusCode).toBe(404)
    const bad = await test.request({
      method: 'PATCH',
      url: `/api/ai/form-suggestions/${suggestion.id}`,
      cookie: user.cookie,
      payload: { isAccepted: 'yes' },
    })
    expect(bad.statusCode).toBe(400)
  })
})
