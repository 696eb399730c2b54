import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '#shared/domain/policy-ledger.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addCarrier } from '#test/delivery-harness.ts'
import { signUp } from '#test/factories.ts'
import { addClient } from '../policies/policies.test-support.ts'
import { POLICY_CANCELLED_JOB, POLICY_REINSTATED_JOB } from '../policies/policy-renewal.service.ts'
import { FIRST_QUOTE_JOB } from '../quotes/quotes.service.ts'
import { enterQuote, quoteInput } from '../quotes/quotes.test-support.ts'
import { enterDueRenewals } from './enter-pipeline.job.ts'
import {
  createFirstQuoteHandler,
  createPolicyCancelledHandler,
  createPolicyReinstatedHandler,
} from './renewal-listeners.job.ts'
import {
  boundRenewal,
  enteredRenewal,
  post,
  read,
  runQueuedJobs,
  today,
} from './renewal-outcomes.test-support.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

describe('what the pipeline hears from quotes and policies', () => {
  it('moves a remarketed renewal to quoted when its application’s first offer comes in, once', async () => {
    const user = await signUp(test)
    const [expiring, other] = [await addCarrier(test, user, 'email'), await addCarrier(test, user, 'manual')]
    const { renewal } = await boundRenewal(test, user, { carrierId: expiring.id })
    const { agencyId } = user.user
    // The policy's own application was quoted before: its announcement finds no remarketed renewal.
    expect(await runQueuedJobs(test, agencyId, FIRST_QUOTE_JOB, createFirstQuoteHandler(test.db))).toBe(1)
    expect((await read(test, user, `/api/renewals/${renewal.id}`)).stage).toBe('upcoming')

    const remarketed = await post(test, user, `/api/renewals/${renewal.id}/remarket`, {
      carrierIds: [other.id],
    })
    const { applicationId } = remarketed.json()
    await enterQuote(test, user, applicationId, quoteInput(other.id))
    await enterQuote(test, user, applicationId, quoteInput(expiring.id))
    expect(await runQueuedJobs(test, agencyId, FIRST_QUOTE_JOB, createFirstQuoteHandler(test.db))).toBe(1)
    const after = await read(test, user, `/api/renewals/${renewal.id}`)
    expect(after).toMatchObject({ stage: 'quoted', nextMilestone: 'client_contacted' })
    expect(after.history.at(-1)).toMatchObject({
      kind: 'stage',
      fromStage: 'remarketing',
      toStage: 'quoted',
      byName: null,
      details: { cause: 'first_quote', applicationId },
    })
  })

  it('takes a cancelled policy out of the pipeline, and brings it back when the policy is reinstated', async () => {
    const user = await signUp(test)
    const carrier = await addCarrier(test, user, 'email')
    const clientId = await addClient(test, user)
    const { policy, renewal } = await enteredRenewal(test, user, {
      clientId,
      carrierId: carrier.id,
      days: 45,
    })
    await test.request({
      method: 'PATCH',
      url: `/api/renewals/${renewal.id}`,
      cookie: user.cookie,
      payload: { stage: 'in_review' },
    })
    const cancelled = await post(test, user, `/api/policies/${policy.id}/cancel`, {
      effectiveDate: today(),
      reason: 'insured_request',
      method: 'pro_rata',
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    const { agencyId } = user.user
    expect(
      await runQueuedJobs(test, agencyId, POLICY_CANCELLED_JOB, createPolicyCancelledHandler(test.db)),
    ).toBe(1)
    const closed = await read(test, user, `/api/renewals/${renewal.id}`)
    expect(closed).toMatchObject({ stage: 'non_renewed', dueDate: null, nextMilestone: null })
    expect(closed.history.at(-1)).toMatchObject({
      fromStage: 'in_review',
      toStage: 'non_renewed',
      details: { cause: 'policy_cancelled' },
    })
    // Not taken in again, whatever the day.
    expect(await enterDueRenewals(test.db, addDays(today(), 1), { agencyId })).toBe(0)
    const open = await read(test, user, `/api/renewals?stage=in_review`)
    expect(open.renewals).toEqual([])

    const reinstated = await post(test, user, `/api/policies/${policy.id}/reinstate`, {})
    expect(reinstated.statusCode, reinstated.body).toBe(200)
    expect(
      await runQueuedJobs(test, agencyId, POLICY_REINSTATED_JOB, createPolicyReinstatedHandler(test.db)),
    ).toBe(1)
    const back = await read(test, user, `/api/renewals/${renewal.id}`)
    expect(back).toMatchObject({ stage: 'in_review', nextMilestone: 'remarket_decision' })
    expect(back.history.at(-1).details).toEqual({ cause: 'policy_reinstated' })
  })

  it('follows the policy, not the order the announcements run in', async () => {
    const user = await signUp(test)
    const carrier = await addCarrier(test, user, 'email')
    const clientId = await addClient(test, user)
    const { policy, renewal } = await enteredRenewal(test, user, {
      clientId,
      carrierId: carrier.id,
      days: 45,
    })
    await post(test, user, `/api/policies/${policy.id}/cancel`, {
      effectiveDate: today(),
      reason: 'insured_request',
      method: 'pro_rata',
    })
    await post(test, user, `/api/policies/${policy.id}/reinstate`, {})
    const { agencyId } = user.user
    // The reinstatement's announcement first, then the cancellation's: the policy is in force.
    await runQueuedJobs(test, agencyId, POLICY_REINSTATED_JOB, createPolicyReinstatedHandler(test.db))
    await runQueuedJobs(test, agencyId, POLICY_CANCELLED_JOB, createPolicyCancelledHandler(test.db))
    expect((await read(test, user, `/api/renewals/${renewal.id}`)).stage).toBe('upcoming')
  })

  it('leaves a renewal the agent closed alone when its policy is reinstated', async () => {
    const user = await signUp(test)
    const carrier = await addCarrier(test, user, 'email')
    const clientId = await addClient(test, user)
    const { policy, renewal } = await enteredRenewal(test, user, {
      clientId,
      carrierId: carrier.id,
      days: 45,
    })
    await test.request({
      method: 'PATCH',
      url: `/api/renewals/${renewal.id}`,
      cookie: user.cookie,
      payload: { stage: 'lost', lostReason: 'price' },
    })
    await post(test, user, `/api/policies/${policy.id}/cancel`, {
      effectiveDate: today(),
      reason: 'insured_request',
      method: 'pro_rata',
    })
    await post(test, user, `/api/policies/${policy.id}/reinstate`, {})
    const { agencyId } = user.user
    await runQueuedJobs(test, agencyId, POLICY_CANCELLED_JOB, createPolicyCancelledHandler(test.db))
    await runQueuedJobs(test, agencyId, POLICY_REINSTATED_JOB, createPolicyReinstatedHandler(test.db))
    expect(await read(test, user, `/api/renewals/${renewal.id}`)).toMatchObject({
      stage: 'lost',
      lostReason: 'price',
    })
  })
})
