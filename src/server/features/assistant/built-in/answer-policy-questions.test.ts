import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, addMonths } from '#shared/domain/policy-ledger.ts'
import { ask } from '#test/assistant-calls.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import {
  addClient,
  catalogueCarriers,
  enterPolicy,
  policyInput,
} from '../../policies/policies.test-support.ts'
import { expiryRangeOf } from './answer-policy-questions.ts'

let test: TestApp
let user: SignedInUser
let carriers: { id: string; name: string }[]
const today = new Date().toISOString().slice(0, 10)
const nextMonth = addMonths(`${today.slice(0, 7)}-01`, 1)

beforeAll(async () => {
  test = await buildTestApp()
  user = await signUp(test)
  const client = await addClient(test, user, 'Nora', 'Quinn')
  carriers = await catalogueCarriers(test, user)
  const expiringOn = addDays(nextMonth, 9)
  await enterPolicy(
    test,
    user,
    policyInput(client, carriers[0]!.id, {
      policyNumber: 'NQ-1',
      effectiveDate: addMonths(expiringOn, -12),
      expirationDate: expiringOn,
      annualPremium: 1500,
    }),
  )
  await enterPolicy(
    test,
    user,
    policyInput(client, carriers[1]!.id, {
      policyNumber: 'NQ-2',
      effectiveDate: addDays(today, -10),
      expirationDate: addDays(today, 355),
      annualPremium: 2250.5,
    }),
  )
})
afterAll(() => test.close())

describe('the assistant on the book', () => {
  it('reads "next month" as the next calendar month', () => {
    expect(expiryRangeOf('which policies expire next month?', '2026-12-15')).toMatchObject({
      from: '2027-01-01',
      to: '2027-01-31',
      label: 'January',
    })
    expect(expiryRangeOf('policies expiring in 45 days', '2026-02-01')).toMatchObject({ to: '2026-03-18' })
  })

  it('lists the policies that expire next month, from the database', async () => {
    const answer = await ask(test, user, 'Which policies expire next month?')
    expect(answer.text).toContain('1 policy expires in')
    expect(answer.text).toContain('Nora Quinn')
    expect(answer.text).toContain('NQ-1')
    expect(answer.text).not.toContain('NQ-2')
  })

  it('answers the premium in force in all and for a named carrier', async () => {
    const all = await ask(test, user, 'What is my total premium in force?')
    expect(all.text).toContain('$3,751')
    const one = await ask(test, user, `What is the premium in force for ${carriers[1]!.name}?`)
    expect(one.text).toBe(`The premium in force with ${carriers[1]!.name} is $2,251, over 1 policy.`)
  })
})
