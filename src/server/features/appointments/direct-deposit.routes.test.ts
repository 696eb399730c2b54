import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { DIRECT_DEPOSIT_TEXTS as D } from '#shared/contracts/appointments-direct-deposit.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { fieldMessagesOf } from '#test/recorded.ts'
import { directDeposits } from './appointments.table.ts'

let test: TestApp
let agent: SignedInUser

beforeAll(async () => {
  test = await buildTestApp()
  agent = await signUp(test)
})
afterAll(() => test.close())

const account = {
  bankName: 'Chase Bank',
  accountType: 'checking',
  routingNumber: '021000021',
  accountNumber: '000123456789',
  confirmAccountNumber: '000123456789',
  accountHolderName: 'Casey Morgan',
  agreeToTerms: true,
}
const PATH = '/api/appointments/direct-deposit'

function save(user: SignedInUser, payload: Record<string, unknown>, method: 'PUT' | 'POST' = 'PUT') {
  return test.request({ method, url: PATH, cookie: user.cookie, payload })
}

describe('direct deposit', () => {
  it("gives each field's spec message, the checksum its own", async () => {
    const empty = await save(agent, {})
    expect(fieldMessagesOf(empty.json())).toMatchObject({
      bankName: D.bankName,
      routingNumber: D.routingNumber,
      accountNumber: D.accountNumber,
      confirmAccountNumber: D.confirmAccountNumber,
      accountHolderName: D.accountHolderName,
      agreeToTerms: D.agreeToTerms,
    })
    const checksum = await save(agent, { ...account, routingNumber: '021000022' })
    expect(fieldMessagesOf(checksum.json())).toEqual({ routingNumber: D.routingChecksum })
    const mismatch = await save(agent, { ...account, confirmAccountNumber: '000123456780' })
    expect(fieldMessagesOf(mismatch.json())).toEqual({ confirmAccountNumber: D.accountsMatch })
    const long = await save(agent, {
      ...account,
      accountNumber: '1'.repeat(18),
      confirmAccountNumber: '1'.repeat(18),
    })
    expect(fieldMessagesOf(long.json())).toEqual({ accountNumber: D.accountTooLong })
  })

  it('refuses a body that is not an object with 400, by PUT or POST', async () => {
    for (const method of ['PUT', 'POST'] as const) {
      for (const payload of ['null', '[]', '"text"', '7']) {
        const response = await test.request({
          method,
          url: PATH,
          cookie: agent.cookie,
          headers: { 'content-type': 'application/json' },
          payload,
        })
        expect(response.statusCode, `${method} ${payload}`).toBe(400)
      }
    }
  })

  it('stores both numbers encrypted and answers them masked, by PUT or POST', async () => {
    const user = await signUp(test)
    const saved = await save(user, account, 'POST')
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ routingNumberMasked: '****0021', accountNumberMasked: '****6789' })
    expect(saved.body).not.toContain('021000021')
    const [row] = await test.db.select().from(directDeposits).where(eq(directDeposits.userId, user.user.id))
    expect(JSON.stringify(row)).not.toContain('000123456789')
    const again = await save(user, {
      ...account,
      bankName: 'Other credit union',
      accountNumber: '98765',
      confirmAccountNumber: '98765',
    })
    expect(again.json()).toMatchObject({ bankName: 'Other credit union', accountNumberMasked: '****8765' })
    const read = await test.request({ method: 'GET', url: PATH, cookie: user.cookie })
    expect(read.json().directDeposit).toMatchObject({ accountNumberMasked: '****8765' })
  })

  it('reveals the numbers only through an audited call', async () => {
    const user = await signUp(test)
    const none = await test.request({
      method: 'POST',
      url: `${PATH}/reveal`,
      cookie: user.cookie,
      payload: {},
    })
    expect(none.statusCode).toBe(404)
    await save(user, account)
    const revealed = await test.request({
      method: 'POST',
      url: `${PATH}/reveal`,
      cookie: user.cookie,
      payload: {},
    })
    expect(revealed.json()).toEqual({ routingNumber: '021000021', accountNumber: '000123456789' })
    const events = await test.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.actorUserId, user.user.id), eq(auditEvents.action, 'direct_deposit.revealed')),
      )
    expect(events).toHaveLength(1)
  })

  it('keeps each agent to their own account', async () => {
    const other = await signUp(test)
    const read = await test.request({ method: 'GET', url: PATH, cookie: other.cookie })
    expect(read.json()).toEqual({ directDeposit: null })
  })
})
