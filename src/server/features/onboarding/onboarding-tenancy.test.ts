import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { samples, uploadBody } from '#test/file-fixtures.ts'
import { addOnboardingAgent } from '#test/onboarding.ts'
import { expectOtherAgencyGets404 } from '#test/tenancy.ts'
import { documents } from '../documents/documents.table.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const BASE = '/api/agency-onboarding'

async function created(owner: SignedInUser, path: string, payload: (agentId: string) => object) {
  const { input } = await addOnboardingAgent(test, owner)
  const response = await test.request({
    method: 'POST',
    url: `${BASE}${path}`,
    cookie: owner.cookie,
    payload: payload(input.agentId),
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id as string
}

const license = (owner: SignedInUser) =>
  created(owner, '/licenses', (agentId) => ({
    agentId,
    licenseNumber: 'X-1',
    state: 'TX',
    licenseType: 'Broker',
  }))
const training = (owner: SignedInUser) =>
  created(owner, '/training', (agentId) => ({
    agentId,
    title: 'Intro',
    scheduledDate: '2026-05-01T14:00:00Z',
  }))
const document = (owner: SignedInUser) =>
  created(owner, '/documents', (agentId) => ({ agentId, documentType: 'w9', documentName: 'W-9' }))
const agent = async (owner: SignedInUser) => (await addOnboardingAgent(test, owner)).agent.id

describe('onboarding tenancy', () => {
  it('answers another agency’s agent, license, training session and document with 404', async () => {
    await expectOtherAgencyGets404(test, [
      {
        method: 'PATCH',
        url: (id) => `${BASE}/licenses/${id}`,
        payload: { status: 'revoked' },
        create: (_t, owner) => license(owner),
      },
      {
        method: 'PATCH',
        url: (id) => `${BASE}/training/${id}`,
        payload: { notes: 'x' },
        create: (_t, owner) => training(owner),
      },
      {
        method: 'PATCH',
        url: (id) => `${BASE}/documents/${id}`,
        payload: { status: 'approved' },
        create: (_t, owner) => document(owner),
      },
      {
        method: 'POST',
        url: (id) => `${BASE}/agents/${id}/invitation`,
        payload: {},
        create: (_t, owner) => agent(owner),
      },
      {
        method: 'POST',
        url: (id) => `${BASE}/agents/${id}/steps/personal-info/complete`,
        payload: {},
        create: (_t, owner) => agent(owner),
      },
    ])
  })

  it('answers another agency’s document file upload with 404 and stores nothing', async () => {
    // expectOtherAgencyGets404 sends JSON; a file is multipart, so this one is sent by hand.
    const owner = await signUp(test)
    const other = await signUp(test)
    const id = await document(owner)
    const before = (await test.db.select().from(documents)).length
    const response = await test.request({
      method: 'POST',
      url: `${BASE}/documents/${id}/file`,
      cookie: other.cookie,
      ...uploadBody({ content: samples.pdf() }),
    })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ message: 'Not found' })
    expect((await test.db.select().from(documents)).length).toBe(before)
  })
})
