import { and, eq } from 'drizzle-orm'
import { jobs } from '#server/platform/jobs.table.ts'
import type { ClaimedJob, JobHandler } from '#server/platform/jobs.ts'
import type { BookSettings } from '#shared/contracts/policies-book-settings.contract.ts'
import { addDays } from '#shared/domain/policy-ledger.ts'
import type { TestApp } from '#test/build-test-app.ts'
import type { SignedInUser } from '#test/factories.ts'
import { DEFAULT_BOOK_SETTINGS } from '../policies/book-settings.service.ts'
import { addClient, catalogueCarriers, enterPolicy, policyInput } from '../policies/policies.test-support.ts'
import { renewals } from './renewals.table.ts'

/** A policy of the user's agency (its producer the user) whose current term ends on `expirationDate`. */
export async function policyExpiring(
  test: TestApp,
  user: SignedInUser,
  expirationDate: string,
  options: { premium?: number; insured?: [string, string]; producerUserId?: string } = {},
) {
  const client = await addClient(test, user, ...(options.insured ?? []))
  const [carrier] = await catalogueCarriers(test, user)
  return enterPolicy(
    test,
    user,
    policyInput(client, carrier!.id, {
      effectiveDate: addDays(expirationDate, -365),
      expirationDate,
      annualPremium: options.premium ?? 1000,
      producerUserId: options.producerUserId ?? user.user.id,
    }),
  ) as Promise<{ id: string; policyNumber: string }>
}

/** The renewal row of a policy, as stored. */
export async function renewalOf(test: TestApp, policyId: string) {
  const [row] = await test.db.select().from(renewals).where(eq(renewals.policyId, policyId))
  return row
}

/** PUT /api/settings/book with the defaults but for `changes`. */
export function putBookSettings(test: TestApp, user: SignedInUser, changes: Partial<BookSettings>) {
  return test.request({
    method: 'PUT',
    url: '/api/settings/book',
    cookie: user.cookie,
    payload: { ...DEFAULT_BOOK_SETTINGS, ...changes },
  })
}

/** Runs the agency's queued jobs of one type through `handler` as the worker would, and marks them done. */
export async function runQueuedJobs(test: TestApp, type: string, agencyId: string, handler: JobHandler) {
  const queued = await test.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.type, type), eq(jobs.agencyId, agencyId), eq(jobs.status, 'queued')))
    .orderBy(jobs.createdAt)
  for (const job of queued) {
    const claimed: ClaimedJob = { ...job, attempts: 1 }
    await handler(claimed)
    await test.db.update(jobs).set({ status: 'succeeded' }).where(eq(jobs.id, job.id))
  }
  return queued.map((job) => job.payload)
}
