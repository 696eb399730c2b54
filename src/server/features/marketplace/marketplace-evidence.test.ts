import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  carrierSubmissions,
  submissionStatusChanges,
} from '#server/features/carrier-delivery/carrier-delivery.table.ts'
import type { SubmissionStatus } from '#shared/domain/submission-status.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { call, catalogueCarriers, reviewInput } from './marketplace.test-support.ts'
import { refreshCarrierTurnaround } from './turnaround.job.ts'

const DAY = 86_400_000

let test: TestApp
let agencies: SignedInUser[]
let carriers: { id: string }[]

beforeAll(async () => {
  test = await buildTestApp({ env: { MARKETPLACE_POSTS_PER_HOUR: '100' } })
  agencies = [await signUp(test), await signUp(test), await signUp(test)]
  carriers = await catalogueCarriers(test, agencies[0]!, 3)
})
afterAll(() => test.close())

/**
 * A submission as carrier delivery records one: sent `sentDaysAgo` days ago and, when decided,
 * answered `tookDays` later (history rows as the webhook or the agency's admin would write them).
 */
async function submission(
  agency: SignedInUser,
  carrierId: string,
  status: SubmissionStatus,
  timing: { sentDaysAgo?: number; tookDays?: number; recordType?: 'application' | 'appointment' } = {},
) {
  const sentAt = new Date(Date.now() - (timing.sentDaysAgo ?? 30) * DAY)
  const [row] = await test.db
    .insert(carrierSubmissions)
    .values({
      agencyId: agency.user.agencyId,
      recordType: timing.recordType ?? 'application',
      recordId: randomUUID(),
      carrierId,
      status,
      deliveredAt: ['queued', 'failed', 'action_required'].includes(status) ? null : sentAt,
    })
    .returning()
  if (timing.tookDays !== undefined)
    await test.db.insert(submissionStatusChanges).values({
      agencyId: agency.user.agencyId,
      submissionId: row!.id,
      fromStatus: 'sent',
      toStatus: status,
      source: 'carrier',
      createdAt: new Date(sentAt.getTime() + timing.tookDays * DAY),
    })
}

const reviewOf = async (user: SignedInUser, id: string) =>
  (await call<{ data: Record<string, unknown>[] }>(test, user, 'GET', '/api/marketplace/reviews')).data.find(
    (review) => review.id === id,
  )!

describe('Verified', () => {
  it('marks a review verified once the reviewer’s agency has a submission that reached the carrier', async () => {
    const [mine, other] = agencies as [SignedInUser, SignedInUser]
    const carrierId = carriers[0]!.id
    const review = await call<{ id: string }>(
      test,
      mine,
      'POST',
      '/api/marketplace/reviews',
      reviewInput(carrierId),
      201,
    )
    const practice = await call<{ id: string; isVerified: boolean }>(
      test,
      mine,
      'POST',
      '/api/marketplace/best-practices',
      { carrierId, title: 'Tip', content: 'Text' },
      201,
    )
    expect(practice.isVerified).toBe(false)
    for (const status of ['queued', 'failed', 'action_required'] as const)
      await submission(mine, carrierId, status)
    await submission(other, carrierId, 'approved', { tookDays: 2 })
    await submission(mine, carriers[1]!.id, 'sent')
    expect(await reviewOf(other, review.id)).toMatchObject({ isVerified: false })
    await submission(mine, carrierId, 'sent')
    expect(await reviewOf(other, review.id)).toMatchObject({ isVerified: true })
    const practices = await call<{ data: { id: string; isVerified: boolean }[] }>(
      test,
      other,
      'GET',
      '/api/marketplace/best-practices',
    )
    expect(practices.data.find((item) => item.id === practice.id)?.isVerified).toBe(true)
  })
})

describe('measured turnaround', () => {
  it('shows the median days to decision over all agencies only from five decided applications', async () => {
    const carrierId = carriers[2]!.id
    const review = await call<{ id: string }>(
      test,
      agencies[0]!,
      'POST',
      '/api/marketplace/reviews',
      reviewInput(carrierId),
      201,
    )
    // Four decided applications from two agencies, plus what must not count: an appointment, an
    // undecided one and a failed one.
    for (const [agency, tookDays, status] of [
      [0, 1, 'approved'],
      [1, 2, 'declined'],
      [1, 10, 'approved'],
      [0, 20, 'approved'],
    ] as const)
      await submission(agencies[agency]!, carrierId, status, { tookDays })
    await submission(agencies[2]!, carrierId, 'approved', { tookDays: 40, recordType: 'appointment' })
    await submission(agencies[2]!, carrierId, 'under_review')
    await submission(agencies[2]!, carrierId, 'failed')
    await refreshCarrierTurnaround(test.db)
    expect(await reviewOf(agencies[1]!, review.id)).toMatchObject({ carrierTurnaroundDays: null })

    await submission(agencies[2]!, carrierId, 'approved', { tookDays: 3.5 })
    await refreshCarrierTurnaround(test.db)
    const shown = await reviewOf(agencies[1]!, review.id)
    expect(shown.carrierTurnaroundDays).toBe(3.5)
    // The figure is all that is said: no count, no agency.
    expect(Object.keys(shown)).not.toEqual(expect.arrayContaining(['submissions', 'agencies']))
  })
})
