import { and, eq } from 'drizzle-orm'
import { auditEvents } from '#server/platform/audit.table.ts'
import { jobs } from '#server/platform/jobs.table.ts'
import type { JobHandler } from '#server/platform/jobs.ts'
import { addDays, addMonths } from '#shared/domain/policy-ledger.ts'
import type { TestApp } from '#test/build-test-app.ts'
import type { SignedInUser } from '#test/factories.ts'
import { enterPolicy, policyInput } from '../policies/policies.test-support.ts'
import { bind, enterQuote, quoteInput, sentApplication } from '../quotes/quotes.test-support.ts'
import { enterDueRenewals } from './enter-pipeline.job.ts'

export const today = () => new Date().toISOString().slice(0, 10)

/** The policy's renewal once the pipeline has taken it in (the job its writing books, run now). */
export async function renewalOfPolicy(test: TestApp, user: SignedInUser, policyId: string) {
  await enterDueRenewals(test.db, today(), { policyId })
  const list = await test.request({ method: 'GET', url: '/api/renewals?limit=200', cookie: user.cookie })
  const renewal = list.json().renewals.find((r: { policyId: string }) => r.policyId === policyId)
  if (!renewal) throw new Error(`no renewal for policy ${policyId}`)
  return renewal
}

/**
 * A policy bound from a quote of an auto application (a new client in Texas) at `carrierId`, a
 * 12-month term expiring in `days`, and its renewal. The carrier is not on the API, so the
 * policy's number is given.
 */
export async function boundRenewal(
  test: TestApp,
  user: SignedInUser,
  { carrierId, days = 60, premium = 1000 }: { carrierId: string; days?: number; premium?: number },
) {
  const application = await sentApplication(test, user, [carrierId])
  const quote = await enterQuote(
    test,
    user,
    application.id,
    quoteInput(carrierId, { premium, termMonths: 12 }),
  )
  const effectiveDate = addMonths(addDays(today(), days), -12)
  const bound = await bind(test, user, quote.id, {
    effectiveDate,
    policyNumber: `BD-${Math.floor(Math.random() * 1e9)}`,
  })
  if (bound.statusCode !== 201) throw new Error(`bind: ${bound.statusCode} ${bound.body}`)
  const policy = bound.json()
  return { application, policy, renewal: await renewalOfPolicy(test, user, policy.id) }
}

/** A policy entered by hand for the client at the carrier, a 12-month term expiring in `days`, and its renewal. */
export async function enteredRenewal(
  test: TestApp,
  user: SignedInUser,
  {
    clientId,
    carrierId,
    days = 60,
    premium = 1000,
    policyNumber,
  }: {
    clientId: string
    carrierId: string
    days?: number
    premium?: number
    policyNumber?: string
  },
) {
  const expirationDate = addDays(today(), days)
  const policy = await enterPolicy(
    test,
    user,
    policyInput(clientId, carrierId, {
      effectiveDate: addMonths(expirationDate, -12),
      expirationDate,
      annualPremium: premium,
      ...(policyNumber ? { policyNumber } : {}),
    }),
  )
  return { policy, renewal: await renewalOfPolicy(test, user, policy.id) }
}

export function post(test: TestApp, user: SignedInUser, url: string, payload: object) {
  return test.request({ method: 'POST', url, cookie: user.cookie, payload })
}

export async function read(test: TestApp, user: SignedInUser, url: string) {
  const response = await test.request({ method: 'GET', url, cookie: user.cookie })
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`)
  return response.json()
}

/**
 * Runs the agency's queued jobs of a type with the handler, as the worker would, and marks them
 * done; answers how many ran.
 */
export async function runQueuedJobs(test: TestApp, agencyId: string, type: string, handler: JobHandler) {
  const queued = await test.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.agencyId, agencyId), eq(jobs.type, type), eq(jobs.status, 'queued')))
    .orderBy(jobs.createdAt)
  for (const job of queued) {
    await handler({ ...job, attempts: 1 })
    await test.db.update(jobs).set({ status: 'succeeded' }).where(eq(jobs.id, job.id))
  }
  return queued.length
}

/** The agency's audit events of an action, oldest first. */
export function auditOf(test: TestApp, agencyId: string, action: string) {
  return test.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.agencyId, agencyId), eq(auditEvents.action, action)))
    .orderBy(auditEvents.createdAt)
}
