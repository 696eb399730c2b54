import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AgencyUser } from '#shared/contracts/agency-users.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, type SignedInUser, signUp } from '#test/factories.ts'
import { users } from './auth.table.ts'

const URL = '/api/agency/users'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

async function listAs(user: SignedInUser): Promise<AgencyUser[]> {
  const response = await test.request({ method: 'GET', url: URL, cookie: user.cookie })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().users
}

describe('GET /api/agency/users', () => {
  it('answers 401 without a session', async () => {
    expect((await test.request({ method: 'GET', url: URL })).statusCode).toBe(401)
  })

  it("lists everyone in an admin's agency by name, a colleague with no events and a disabled user among them", async () => {
    const admin = await signUp(test, { firstName: 'Zoe', lastName: 'Zimmer' })
    const colleague = await addAgent(test, admin.user.agencyId)
    const gone = await addAgent(test, admin.user.agencyId)
    await test.db
      .update(users)
      .set({ lastName: 'Archer', disabledAt: new Date() })
      .where(eq(users.id, gone.user.id))
    const listed = await listAs(admin)
    expect(listed).toEqual([
      { id: gone.user.id, name: 'Alex Archer', email: gone.email, role: 'agent', disabled: true },
      {
        id: colleague.user.id,
        name: 'Alex Colleague',
        email: colleague.email,
        role: 'agent',
        disabled: false,
      },
      { id: admin.user.id, name: 'Zoe Zimmer', email: admin.email, role: 'agency_admin', disabled: false },
    ])
  })

  it('answers an agent only themselves', async () => {
    const admin = await signUp(test)
    const agent = await addAgent(test, admin.user.agencyId)
    expect((await listAs(agent)).map((user) => user.id)).toEqual([agent.user.id])
  })

  it("never answers another agency's users", async () => {
    const mine = await signUp(test)
    const theirs = await signUp(test)
    const theirAgent = await addAgent(test, theirs.user.agencyId)
    const ids = (await listAs(mine)).map((user) => user.id)
    expect(ids).toEqual([mine.user.id])
    expect(ids).not.toContain(theirs.user.id)
    expect(ids).not.toContain(theirAgent.user.id)
  })
})
