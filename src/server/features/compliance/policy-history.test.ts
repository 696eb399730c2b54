import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { addDays } from '#shared/domain/policy-ledger.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, type SignedInUser, signUp } from '#test/factories.ts'
import { samples, uploadBody } from '#test/file-fixtures.ts'
import { addClient, catalogueCarriers, enterPolicy, policyInput } from '../policies/policies.test-support.ts'

let test: TestApp
let admin: SignedInUser
let agent: SignedInUser
beforeAll(async () => {
  test = await buildTestApp()
  admin = await signUp(test)
  agent = await addAgent(test, admin.user.agencyId)
})
afterAll(() => test.close())

const today = new Date().toISOString().slice(0, 10)
const history = (policyId: string, query = '', user = admin) =>
  test.request({
    method: 'GET',
    url: `/api/compliance/policies/${policyId}/history${query}`,
    cookie: user.cookie,
  })
const post = (user: SignedInUser, url: string, payload: object) =>
  test.request({ method: 'POST', url, cookie: user.cookie, payload })

/** A policy entered by the admin, endorsed by the agent, cancelled and reinstated by the admin, with a document. */
async function changedPolicy(): Promise<string> {
  const client = await addClient(test, admin)
  const [carrier] = await catalogueCarriers(test, admin)
  const term = { effectiveDate: addDays(today, -100), expirationDate: addDays(today, 265) }
  const { id } = await enterPolicy(test, admin, policyInput(client, carrier!.id, term))
  const url = `/api/policies/${id}`
  const endorse = { effectiveDate: today, premiumChange: 50, description: 'Added a driver' }
  expect((await post(agent, `${url}/endorsements`, endorse)).statusCode).toBe(201)
  const cancel = { effectiveDate: today, reason: 'insured_request', method: 'pro_rata' }
  expect((await post(admin, `${url}/cancel`, cancel)).statusCode).toBe(200)
  expect((await post(admin, `${url}/reinstate`, {})).statusCode).toBe(200)
  const upload = await test.request({
    method: 'POST',
    url: `${url}/documents`,
    cookie: admin.cookie,
    ...uploadBody({ documentType: 'endorsement', content: samples.pdf() }),
  })
  expect(upload.statusCode).toBe(201)
  return id
}

const events = (answer: { data: { event: string }[] }) => answer.data.map((record) => record.event)

describe('GET /api/compliance/policies/:policyId/history', () => {
  it('shows an admin every change to the policy, newest first, each with who made it', async () => {
    const id = await changedPolicy()
    const response = await history(id)
    expect(response.statusCode).toBe(200)
    const answer = response.json()
    expect(events(answer)).toEqual([
      'policy.document_attached',
      'policy.reinstated',
      'policy.cancelled',
      'policy.endorsed',
      'policy.created',
    ])
    expect(answer.nextCursor).toBeNull()
    expect(answer.data[0]).toMatchObject({
      entityType: 'policy',
      entityId: id,
      actorUserId: admin.user.id,
      actionDescription: 'Added a document to a policy',
    })
    expect(answer.data[3]).toMatchObject({ actorUserId: agent.user.id, actorName: 'Alex Colleague' })
  })

  it('pages with a cursor without losing or repeating a change', async () => {
    const id = await changedPolicy()
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const response = await history(id, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      seen.push(...events(response.json()))
      cursor = response.json().nextCursor
    } while (cursor)
    expect(seen).toEqual(events((await history(id)).json()))
    expect(seen).toHaveLength(5)
    expect((await history(id, '?cursor=abc')).statusCode).toBe(400)
    expect((await history(id, '?limit=0')).statusCode).toBe(400)
  })

  it('shows an agent only the changes they made (decision 014)', async () => {
    const id = await changedPolicy()
    expect(events((await history(id, '', agent)).json())).toEqual(['policy.endorsed'])
  })

  it('is audited as a read, outside the policy’s own history', async () => {
    const id = await changedPolicy()
    await history(id)
    const reads = await test.db
      .select({ entityId: auditEvents.entityId, details: auditEvents.details })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.actorUserId, admin.user.id), eq(auditEvents.action, 'audit.policy_trail_viewed')),
      )
    expect(reads).toContainEqual({ entityId: null, details: { policyId: id, cursor: null, shown: 5 } })
    expect(events((await history(id)).json())).not.toContain('audit.policy_trail_viewed')
  })

  it('answers 401 without a session and 404 for a policy that is not the agency’s', async () => {
    const id = await changedPolicy()
    expect(
      (await test.request({ method: 'GET', url: `/api/compliance/policies/${id}/history` })).statusCode,
    ).toBe(401)
    const other = await signUp(test)
    expect((await history(id, '', other)).statusCode).toBe(404)
    expect((await history('not-an-id')).statusCode).toBe(400)
  })
})
