import { and, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { jobs } from '#server/platform/jobs.table.ts'
import { addDays } from '#shared/domain/policy-ledger.ts'
import type { TestApp } from '#test/build-test-app.ts'
import type { SignedInUser } from '#test/factories.ts'
import { addClient, catalogueCarriers, enterPolicy, policyInput } from '../policies/policies.test-support.ts'
import { POLICIES_WRITTEN_JOB } from '../policies/policy-renewal.service.ts'
import { createPoliciesWrittenHandler } from './enter-pipeline.job.ts'

export const today = () => new Date().toISOString().slice(0, 10)

/** A policy expiring in `days`, taken into the pipeline by the job its entry books. */
export async function renewalFor(test: TestApp, user: SignedInUser, days: number, premium = 1000) {
  const client = await addClient(test, user)
  const [carrier] = await catalogueCarriers(test, user)
  const expirationDate = addDays(today(), days)
  const policy = await enterPolicy(
    test,
    user,
    policyInput(client, carrier!.id, {
      effectiveDate: addDays(expirationDate, -365),
      expirationDate,
      annualPremium: premium,
      producerUserId: user.user.id,
    }),
  )
  const [job] = await test.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.type, POLICIES_WRITTEN_JOB), eq(jobs.agencyId, user.user.agencyId)))
    .orderBy(jobs.createdAt)
    .limit(1)
    .offset(0)
  expect(job, 'entering a policy books the pipeline’s run').toBeDefined()
  await createPoliciesWrittenHandler(test.db)({
    id: job!.id,
    type: job!.type,
    agencyId: job!.agencyId,
    payload: { policyId: policy.id },
    attempts: 1,
    maxAttempts: 5,
  })
  const list = await test.request({ method: 'GET', url: '/api/renewals', cookie: user.cookie })
  const renewal = list.json().renewals.find((r: { policyId: string }) => r.policyId === policy.id)
  expect(renewal, 'a policy bound inside the horizon enters at once').toBeDefined()
  return { policy, renewal }
}
