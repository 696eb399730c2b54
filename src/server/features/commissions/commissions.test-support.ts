// Test helpers for commissions: the schedule through the API, and the job run as the worker would.
import { and, eq, inArray, max } from 'drizzle-orm'
import { auditEvents } from '#server/platform/audit.table.ts'
import { jobs } from '#server/platform/jobs.table.ts'
import type { PolicyCommission } from '#shared/contracts/commissions-policies.contract.ts'
import type { TestApp } from '#test/build-test-app.ts'
import type { SignedInUser } from '#test/factories.ts'
import { policyTerms, policyTransactions } from '../policies/policies.table.ts'
import {
  announceTransactionsWritten,
  POLICY_TRANSACTIONS_WRITTEN_JOB,
} from '../policies/policy-commission.service.ts'
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
 * A renewal term written into the ledger as the renewals feature writes one (term n+1 and its
 * renewal transaction), announced to commissions. Answers the transaction's id.
 */
export async function writeRenewalTerm(
  test: TestApp,
  agencyId: string,
  policyId: string,
  term: { effectiveDate: string; expirationDate: string; premiumCents: number },
): Promise<string> {
  return test.db.transaction(async (tx) => {
    const [last] = await tx
      .select({ number: max(policyTerms.termNumber) })
      .from(policyTerms)
      .where(eq(policyTerms.policyId, policyId))
    const [row] = await tx
      .insert(policyTerms)
      .values({
        agencyId,
        policyId,
        termNumber: (last?.number ?? 0) + 1,
        effectiveDate: term.effectiveDate,
        expirationDate: term.expirationDate,
        writtenPremiumCents: term.premiumCents,
      })
      .returning()
    const [transaction] = await tx
      .insert(policyTransactions)
      .values({
        agencyId,
        policyId,
        termId: row!.id,
        kind: 'renewal',
        effectiveDate: term.effectiveDate,
        premiumChangeCents: term.premiumCents,
      })
      .returning()
    await announceTransactionsWritten(tx, agencyId, [policyId])
    return transaction!.id
  })
}

/** The agency's audit events with this action, oldest first. */
export function auditOf(test: TestApp, agencyId: string, action: string) {
  return test.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.agencyId, agencyId), eq(auditEvents.action, action)))
    .orderBy(auditEvents.createdAt)
}
