import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addCarrier,
  type DeliveryHarness,
  eventually,
  failedSubmission,
  sendOne,
  startHarnessWithAgent,
  submissionsOf,
  trackedApiCarrier,
} from '#test/delivery-harness.ts'
import type { SignedInUser } from '#test/factories.ts'
import { carrierConnections, carrierSubmissions } from './carrier-delivery.table.ts'
import { queueDeliveries } from './send-to-carriers.ts'

let harness: DeliveryHarness
let user: SignedInUser
beforeAll(async () => {
  const started = await startHarnessWithAgent({ worker: { apiTimeoutMs: 500 } })
  harness = started.harness
  user = started.user
})
afterAll(() => harness.close())

describe('submissions queued before an upgrade, and unexpected failures', () => {
  it('builds the packet a pre-upgrade submission lacks, once, and delivers it', async () => {
    const first = await addCarrier(harness.test, user, 'pdf')
    const { carrier: api, fake } = await trackedApiCarrier(harness, user)
    const pdf = await addCarrier(harness.test, user, 'pdf')
    const { application } = await sendOne(harness.test, user, first.id)
    // As 0007 left a row that was still queued: no subject, summary, body or packet, no sender.
    const legacy = await harness.test.db
      .insert(carrierSubmissions)
      .values(
        [api, pdf].map((carrier) => ({
          agencyId: user.user.agencyId,
          recordType: 'application' as const,
          recordId: application.id,
          carrierId: carrier.id,
          method: carrier === api ? ('api' as const) : ('pdf' as const),
        })),
      )
      .returning()
    await queueDeliveries(
      harness.test.db,
      user.user.agencyId,
      legacy.map((row) => row.id),
    )
    const settledAll = await eventually(
      () => submissionsOf(harness.test, user, application.id),
      (list) => list.length === 3 && list.every((s) => s.status !== 'queued'),
    )
    const byCarrier = new Map(settledAll.map((s) => [s.carrierId, s]))
    expect(byCarrier.get(api.id)).toMatchObject({ status: 'sent', documentId: null })
    expect(byCarrier.get(pdf.id)!.status).toBe('action_required')
    expect(byCarrier.get(pdf.id)!.documentId).toBeTruthy()
    expect(fake.accepted.at(-1)!.body).toMatchObject({
      submissionId: legacy[0]!.id,
      applicationId: application.id,
    })
  })

  it('fails a submission visibly when its last attempt meets an unexpected error', async () => {
    const { carrier } = await trackedApiCarrier(harness, user)
    await harness.test.db
      .update(carrierConnections)
      .set({ secretEncrypted: 'not-a-ciphertext' })
      .where(eq(carrierConnections.carrierId, carrier.id))
    const { application } = await sendOne(harness.test, user, carrier.id)
    const submission = await failedSubmission(harness.test, user, application.id)
    expect(submission.message).toContain('unexpected error')
  })
})
