import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, addMonths } from '#shared/domain/policy-ledger.ts'
import { DEFAULT_RENEWAL_SETTINGS, todayIn } from '#shared/domain/renewal-pipeline.ts'
import { monthLabel } from '#shared/domain/renewal-retention.ts'
import { ask } from '#test/assistant-calls.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, type SignedInUser, signUp } from '#test/factories.ts'
import { addClient, catalogueCarriers } from '../../policies/policies.test-support.ts'
import { seedRenewal } from '../../renewals/retention.test-support.ts'

let test: TestApp
let owner: SignedInUser
let carrier: { id: string; name: string }
// The agency's today: the default time zone until agencies set their own.
const today = todayIn(DEFAULT_RENEWAL_SETTINGS.timeZone)
const monthEnd = addDays(addMonths(`${today.slice(0, 7)}-01`, 1), -1)

beforeAll(async () => {
  test = await buildTestApp()
  owner = await signUp(test)
  const colleague = await addAgent(test, owner.user.agencyId)
  const nora = await addClient(test, owner, 'Nora', 'Quinn')
  const omar = await addClient(test, owner, 'Omar', 'Haddad')
  ;[carrier] = (await catalogueCarriers(test, owner)) as [typeof carrier]
  const open = { carrierId: carrier.id, premium: 1000, stage: 'in_review' } as const
  // At risk this month: Nora's term expires at its end; Omar's next milestone falls due on it.
  await seedRenewal(test, owner, nora, {
    ...open,
    expirationDate: monthEnd,
    dueDate: addDays(monthEnd, 1),
    offer: 1150,
    atRisk: true,
    assigneeId: colleague.user.id,
  })
  await seedRenewal(test, owner, omar, {
    ...open,
    premium: 2000,
    expirationDate: addDays(monthEnd, 60),
    dueDate: monthEnd,
    offer: 2600,
    atRisk: true,
  })
  // Not this month, not at risk, or closed: left out.
  await seedRenewal(test, owner, nora, {
    ...open,
    expirationDate: addDays(monthEnd, 200),
    dueDate: addDays(monthEnd, 100),
    atRisk: true,
  })
  await seedRenewal(test, owner, nora, { ...open, expirationDate: monthEnd, dueDate: today })
  await seedRenewal(test, owner, nora, {
    ...open,
    expirationDate: monthEnd,
    stage: 'lost',
    lostReason: 'price',
    atRisk: true,
  })
  // Overdue: two of the colleague's, one of the owner's, one nobody's; one due today is not yet.
  for (const [days, assigneeId] of [
    [1, colleague.user.id],
    [10, colleague.user.id],
    [3, owner.user.id],
    [5, null],
    [0, owner.user.id],
  ] as const) {
    await seedRenewal(test, owner, omar, {
      ...open,
      expirationDate: addDays(today, 40),
      dueDate: addDays(today, -days),
      assigneeId,
    })
  }
  // Another agency's renewal at risk and overdue this month is never counted.
  const stranger = await signUp(test)
  await seedRenewal(test, stranger, await addClient(test, stranger), {
    ...open,
    expirationDate: monthEnd,
    dueDate: addDays(today, -2),
    atRisk: true,
  })
})
afterAll(() => test.close())

describe('the assistant on renewals', () => {
  it('lists the renewals at risk this month: insured, policy and the offer’s change', async () => {
    const answer = await ask(test, owner, 'Which renewals are at risk this month?')
    const lines = answer.text.split('\n')
    expect(lines[0]).toBe(
      `2 renewals at risk expire or fall due this month (${monthLabel(today.slice(0, 7))}), soonest milestone first:`,
    )
    expect(lines[1]).toMatch(
      new RegExp(
        `^• Omar Haddad: ${carrier.name} auto AB-\\d+, expires ${addDays(monthEnd, 60)}, next milestone due ${monthEnd}, offer \\$2,600 \\(\\+\\$600, \\+30%\\) on \\$2,000, Casey Morgan$`,
      ),
    )
    expect(lines[2]).toContain('• Nora Quinn:')
    expect(lines[2]).toContain('offer $1,150 (+$150, +15%) on $1,000, Alex Colleague')
    expect(lines).toHaveLength(3)
  })

  it('names who has the most overdue renewals, and counts everyone’s', async () => {
    const answer = await ask(test, owner, 'Who has the most overdue renewals?')
    expect(answer.text.split('\n')).toEqual([
      'Alex Colleague has the most overdue renewals: 2 of 4.',
      'Overdue renewals by assignee:',
      '• Alex Colleague: 2',
      '• Casey Morgan: 1',
      '• Unassigned: 1',
    ])
  })

  it('says so when nothing is at risk or overdue', async () => {
    const empty = await signUp(test)
    const risk = await ask(test, empty, 'which renewals are at risk this month?')
    expect(risk.text).toBe(
      `No open renewal at risk expires or falls due this month (${monthLabel(today.slice(0, 7))}).`,
    )
    expect((await ask(test, empty, 'who has the most overdue renewals?')).text).toBe(
      'No open renewal is past its milestone.',
    )
  })
})
