import { randomUUID } from 'node:crypto'
import type { Executor } from '#server/db/connect.ts'
import { enqueueJobs } from '#server/platform/jobs.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import type { SubmissionMethod } from '#shared/contracts/carriers.contract.ts'
import { storeDocument } from '../documents/documents.service.ts'
import * as repository from './carrier-delivery.repository.ts'
import type { PacketCarrier, RecordPacket } from './carrier-packet.service.ts'
import { recordQueued } from './change-submission.ts'

/** The worker job that delivers one submission to its carrier (deliver-submission.job.ts). */
export const DELIVERY_JOB = 'submission.deliver'
/** Attempts for a delivery: network errors and 5xx answers are retried with backoff. */
export const DELIVERY_MAX_ATTEMPTS = 5

/** A carrier to send to, with the method it takes submissions by today. */
export interface DeliveryTarget extends PacketCarrier {
  submissionMethod: SubmissionMethod
}

export interface SendRequest {
  agencyId: string
  requestedByUserId: string
  packet: RecordPacket
  targets: DeliveryTarget[]
}

export interface SendOutcome {
  /** The submission of each target carrier, by carrier id. */
  submissionIds: Map<string, string>
  /** Submissions the record already had with these carriers, left as they were. */
  alreadySubmitted: Set<string>
  /** How many were queued now: new ones and failed ones queued again. */
  queued: number
}

/** The packet's columns for one carrier: its body, and its PDF stored once when the method needs one. */
async function packetColumns(
  tx: Executor,
  storage: FileStorage,
  request: Pick<SendRequest, 'agencyId' | 'packet'> & { requestedByUserId: string | null },
  submissionId: string,
  target: DeliveryTarget,
) {
  const { packet, agencyId, requestedByUserId } = request
  const content = packet.contentFor(submissionId, target)
  let documentId: string | null = null
  if (target.submissionMethod !== 'api') {
    const pdf = await content.renderPdf()
    documentId = await storeDocument(tx, storage, {
      agencyId,
      kind: packet.documentKind,
      filename: pdf.filename,
      contentType: 'application/pdf',
      content: pdf.content,
      ownerUserId: packet.ownerUserId ?? null,
    })
  }
  return {
    method: target.submissionMethod,
    subject: packet.subject,
    summary: packet.summary,
    body: content.body,
    documentId,
    requestedByUserId,
  }
}

export async function queueDeliveries(executor: Executor, agencyId: string, ids: string[]): Promise<void> {
  await enqueueJobs(
    executor,
    ids.map((submissionId) => ({
      type: DELIVERY_JOB,
      agencyId,
      payload: { submissionId },
      maxAttempts: DELIVERY_MAX_ATTEMPTS,
    })),
  )
}

/**
 * Sends a record to carriers, in the caller's transaction: one submission per carrier, each with
 * its packet, history entry and delivery job (the jobs outbox), so all of it commits or none.
 * A carrier the record already went to keeps its submission; a failed one is queued again with
 * a fresh packet and idempotency key.
 */
export async function sendToCarriers(
  tx: Executor,
  storage: FileStorage,
  request: SendRequest,
): Promise<SendOutcome> {
  const { agencyId, packet, targets } = request
  const existing = await repository.findSubmissionsOfRecord(
    tx,
    agencyId,
    packet.record,
    targets.map((target) => target.id),
  )
  const existingByCarrier = new Map(existing.map((row) => [row.carrierId, row]))
  const submissionIds = new Map<string, string>()
  const alreadySubmitted = new Set<string>()
  const fresh: repository.NewSubmission[] = []
  const requeued: repository.SubmissionRow[] = []
  for (const target of targets) {
    const current = existingByCarrier.get(target.id)
    if (current && current.status !== 'failed') {
      alreadySubmitted.add(current.id)
    } else if (current) {
      await repository.resetSubmission(
        tx,
        current,
        await packetColumns(tx, storage, request, current.id, target),
      )
      requeued.push(current)
    } else {
      const id = randomUUID()
      const columns = await packetColumns(tx, storage, request, id, target)
      fresh.push({
        id,
        agencyId,
        recordType: packet.record.type,
        recordId: packet.record.id,
        carrierId: target.id,
        ...columns,
      })
    }
    submissionIds.set(target.id, current?.id ?? fresh.at(-1)!.id!)
  }
  await repository.insertSubmissions(tx, fresh)
  const queued = [...fresh.map((row) => ({ id: row.id! })), ...requeued]
  await recordQueued(tx, agencyId, queued, 'agent')
  await queueDeliveries(
    tx,
    agencyId,
    queued.map((row) => row.id),
  )
  return { submissionIds, alreadySubmitted, queued: queued.length }
}

/**
 * Gives a submission queued before packets were built at queue time (rows from before an upgrade)
 * its packet, leaving its status and idempotency key as they are, in the caller's transaction.
 */
export async function attachPacket(
  tx: Executor,
  storage: FileStorage,
  submission: repository.SubmissionRow,
  packet: RecordPacket,
  carrier: PacketCarrier,
): Promise<void> {
  const target = { ...carrier, submissionMethod: submission.method }
  const request = { agencyId: submission.agencyId, requestedByUserId: submission.requestedByUserId, packet }
  await repository.setPacket(tx, submission, await packetColumns(tx, storage, request, submission.id, target))
}
