// Test helpers for commissions: the schedule through the API, and the job run as the worker would.
import { and, eq, inArray } from 'drizzle-orm'
import { auditEvents } from '#server/platform/audit.table.ts'
import type { Ctx } from '#server/platform/context.ts'
import { jobs } from '#server/platform/jobs.table.ts'
import type { PolicyCommission } from '#shared/contracts/commissions-policies.contract.ts'
import type { TestApp } from '#test/build-test-app.ts'
import type { SignedInUser } from '#test/factories.ts'
import { getPolicy } from '../policies/policies.service.ts'
import { POLICY_TRANSACTIONS_WRITTEN_JOB } from '../policies/policy-commission.service.ts'
import { renewPolicyTerm } from '../policies/renew-policy-term.ts'
import { COMMISSIONS_CATCH_UP_JOB, createExpectedCommissionsHandler } from './expected-commissions.job.ts'

const COMMISSION_JOBS = [POLICY_TRANSACTIONS_WRITTEN_JOB, COMMISSIONS_CATCH_UP_JOB]

/** Runs the agency's queued commission jobs as the worker would, oldest first; answers how many ran. */
export async function runCommissionJobs(test: TestApp, agencyId: string): Promise<number> {
  const queued = await test.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.agencyId, agencyId), eq(jobs.status, 'queued'), inArray(jobs.type, COMMISSION_JOBS)))
    .orderBy(jobs.createdAt)
  const handle = createExpectedCommissionsHandler(test.db)
  for (const job of queued) {
    await handle({ ...job, attempts: 1 })
    await test.db.update(jobs).set({ status: 'succeeded', finishedAt: new Date() }).where(eq(jobs.id, job.id))
  }
  return queued.length
}

/** POST /api/commissions/schedules as `user`. */
export function postRate(test: TestApp, user: SignedInUser, payload: Record<string, unknown>) {
  return test.request({ method: 'POST', url: '/api/commissions/schedules', cookie: user.cookie, payload })
}

/** Sets a rate and expects it saved; answers the row. */
export async function setRate(test: TestApp, user: SignedInUser, payload: Record<string, unknown>) {
  const response = await postRate(test, user, payload)
  if (response.statusCode !== 201) throw new Error(`rate: ${response.statusCode} ${response.body}`)
  return response.json() as { id: string }
}

export async function commissionOf(test: TestApp, user: SignedInUser, policyId: string) {
  const response = await test.request({
    method: 'GET',
    url: `/api/commissions/policies/${policyId}`,
    cookie: user.cookie,
  })
  if (response.statusCode !== 200) throw new Error(`commission: ${response.statusCode} ${response.body}`)
  return response.json() as PolicyCommission
}

/**
 * A renewal term written into the ledger through the policies feature, as renewing writes one
 * (term n+1 and its renewal transaction, announced to commissions).
 */
export async function writeRenewalTerm(
  test: TestApp,
  user: SignedInUser,
  policyId: string,
  term: { effectiveDate: string; termMonths: number; premiumCents: number },
): Promise<void> {
  const ctx: Ctx = {
    actor: { userId: user.user.id, agencyId: user.user.agencyId, role: 'agency_admin', sessionId: 'test' },
    ipAddress: null,
    userAgent: null,
    requestId: null,
  }
  const { terms } = await getPolicy(test.db, ctx, policyId)
  const current = terms.reduce((a, b) => (b.termNumber > a.termNumber ? b : a))
  await test.db.transaction((tx) => renewPolicyTerm(tx, ctx, policyId, current.id, { ...term, details: {} }))
}

/** The agency's audit events with this action, oldest first. */
export function auditOf(test: TestApp, agencyId: string, action: string) {
  return test.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.agencyId, agencyId), eq(auditEvents.action, action)))
    .orderBy(auditEvents.createdAt)
}
