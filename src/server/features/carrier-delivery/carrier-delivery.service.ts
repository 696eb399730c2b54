import type { Db, Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import type { CarrierSubmission } from '#shared/contracts/carrier-delivery.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { findAgencyCarriers, findCarrierNames } from '../carriers/carriers.service.ts'
import * as repository from './carrier-delivery.repository.ts'
import type { PacketSources, SubmissionRecord } from './carrier-packet.service.ts'
import { changeSubmission } from './change-submission.ts'
import { sendToCarriers } from './send-to-carriers.ts'
import type { AllowList } from './ssrf.service.ts'
import * as evidence from './submission-evidence.repository.ts'

const notFound = () => new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })

/** Code-unit order, as the embedded database's C collation sorted these names when it joined them. */
const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)

/** Names each submission's carrier (one query for them all) and orders them by that name. */
async function namedByCarrier(
  executor: Executor,
  details: repository.SubmissionDetail[],
): Promise<(CarrierSubmission & { recordId: string })[]> {
  if (details.length === 0) return []
  const names = await findCarrierNames(
    executor,
    details.map((detail) => detail.carrierId),
  )
  return details
    .filter((detail) => names.has(detail.carrierId))
    .map((detail) => ({ ...detail, carrierName: names.get(detail.carrierId)!.name }))
    .sort((a, b) => byName({ name: a.carrierName }, { name: b.carrierName }))
}

/** A record's submissions with their history, by carrier name (the caller checks the record is the agency's). */
export async function listSubmissionsOf(executor: Executor, agencyId: string, record: SubmissionRecord) {
  return namedByCarrier(executor, await repository.findSubmissionDetails(executor, agencyId, { record }))
}

/** The submissions of several records of one kind, each with its record's id. */
export async function listSubmissionsOfRecords(
  executor: Executor,
  agencyId: string,
  recordType: SubmissionRecord['type'],
  recordIds: string[],
) {
  return namedByCarrier(
    executor,
    await repository.findSubmissionDetails(executor, agencyId, { recordType, recordIds }),
  )
}

/** The carriers a record has gone to, whatever became of each submission, by name. */
export async function findCarriersOf(executor: Executor, agencyId: string, record: SubmissionRecord) {
  const names = await findCarrierNames(
    executor,
    await repository.findCarrierIdsOfRecord(executor, agencyId, record),
  )
  return [...names].map(([id, { name, code }]) => ({ id, name, code })).sort(byName)
}

/** These submissions, in no promised order; another agency's are simply absent. */
export async function findSubmissionsByIds(
  executor: Executor,
  agencyId: string,
  ids: string[],
): Promise<CarrierSubmission[]> {
  return namedByCarrier(executor, await repository.findSubmissionDetails(executor, agencyId, { ids }))
}

/** How many records of a kind went to each carrier. */
export async function countSubmissionsByCarrier(
  executor: Executor,
  agencyId: string,
  recordType: SubmissionRecord['type'],
): Promise<Map<string, number>> {
  const rows = await repository.countByCarrier(executor, agencyId, recordType)
  return new Map(rows.map((row) => [row.carrierId, row.submissions]))
}

/**
 * Waits up to `waitMs` until each submission has had a delivery attempt since `since`, so an
 * answer can report what really happened; those still under way are reported as they stand.
 */
export async function waitForFirstAttempts(
  db: Db,
  agencyId: string,
  ids: string[],
  since: Date,
  waitMs: number,
): Promise<void> {
  const deadline = Date.now() + waitMs
  while (Date.now() < deadline && (await repository.countUntried(db, agencyId, ids, since)) > 0) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function detailOf(db: Db, agencyId: string, id: string): Promise<CarrierSubmission> {
  const [detail] = await findSubmissionsByIds(db, agencyId, [id])
  if (!detail) throw notFound()
  return detail
}

/** How this install delivers: the SSRF allow list, its public address, the worker and the submit wait. */
export interface DeliverySettings {
  allowList: AllowList
  publicUrl: string
  /** Asks the in-process job worker to run now. */
  wake: () => void
  /** How long a submit waits for first delivery outcomes. */
  submitWaitMs: number
}

export interface RetryDeps {
  storage: FileStorage
  packetSources: PacketSources
  /** Asks the in-process job worker to run now. */
  wake: () => void
}

/** A failed delivery is queued again, with a fresh packet, the carrier's current method and a new idempotency key. */
export async function retrySubmission(
  db: Db,
  ctx: Ctx,
  id: string,
  deps: RetryDeps,
): Promise<CarrierSubmission> {
  const { agencyId, userId } = ctx.actor
  await db.transaction(async (tx) => {
    const submission = await repository.findSubmission(tx, agencyId, id, { forUpdate: true })
    if (!submission) throw notFound()
    if (submission.status !== 'failed') {
      throw new AppError('CONFLICT', {
        message: `Only a failed submission can be retried; this one is ${submission.status}.`,
      })
    }
    const [carrier] = await findAgencyCarriers(tx, agencyId, [submission.carrierId])
    if (!carrier?.effectiveActive)
      throw new AppError('CONFLICT', { message: 'This carrier is not active for your agency.' })
    // The agent who sent it stays its sender (named on the packet, told of the carrier's answers),
    // whoever on the agency's staff retries the delivery.
    const sender = submission.requestedByUserId ?? userId
    const source = deps.packetSources[submission.recordType]
    const packet = await source?.(tx, agencyId, submission.recordId, sender)
    if (!packet) throw notFound()
    await sendToCarriers(tx, deps.storage, {
      agencyId,
      requestedByUserId: sender,
      packet,
      targets: [carrier],
    })
    await recordAudit(tx, ctx, {
      action: 'submission.retried',
      entity: { type: 'carrier_submission', id: id },
    })
  })
  deps.wake()
  return detailOf(db, agencyId, id)
}

/** The agent sent the packet of a PDF, manual (or, without SMTP, email) carrier themselves. */
export async function markSubmissionSent(
  db: Db,
  ctx: Ctx,
  id: string,
  confirmationNumber: string | undefined,
): Promise<CarrierSubmission> {
  const { agencyId } = ctx.actor
  await db.transaction(async (tx) => {
    const submission = await repository.findSubmission(tx, agencyId, id, { forUpdate: true })
    if (!submission) throw notFound()
    if (submission.status !== 'action_required') {
      throw new AppError('CONFLICT', {
        message: `Only a submission waiting for you can be marked sent; this one is ${submission.status}.`,
      })
    }
    await changeSubmission(tx, submission, {
      status: 'sent',
      source: 'agent',
      message: confirmationNumber
        ? `Sent by the agent; confirmation ${confirmationNumber}`
        : 'Sent by the agent',
      ...(confirmationNumber ? { confirmationNumber } : {}),
      deliveredAt: new Date(),
    })
    await recordAudit(tx, ctx, {
      action: 'submission.marked_sent',
      entity: { type: 'carrier_submission', id: id },
    })
  })
  return detailOf(db, agencyId, id)
}

/**
 * For the marketplace's Verified badge: of these agency and carrier pairs, those where the agency
 * has a submission that reached the carrier through this product. Answers only yes or no per pair.
 */
export async function findAgenciesThatSubmitted(
  executor: Executor,
  pairs: readonly { agencyId: string; carrierId: string }[],
): Promise<Set<string>> {
  const found = await evidence.findPairsWithReachedSubmissions(executor, pairs)
  return new Set(found.map((pair) => `${pair.agencyId}:${pair.carrierId}`))
}

/** Decisions a carrier needs before its turnaround is shown: fewer could point at one agency's cases. */
export const TURNAROUND_MINIMUM_DECISIONS = 5

/**
 * Each catalogue carrier's median days from submission to decision over all agencies'
 * applications, for carriers with at least TURNAROUND_MINIMUM_DECISIONS decisions.
 */
export async function measureCarrierTurnaround(executor: Executor) {
  const measured = await evidence.measureTurnaroundByCarrier(executor, TURNAROUND_MINIMUM_DECISIONS)
  const carriers = await findCarrierNames(
    executor,
    measured.map((row) => row.carrierId),
  )
  return measured.filter((row) => carriers.get(row.carrierId)?.isCatalogue)
}

/** Submissions per carrier over every agency, with their delivery outcomes (owner dashboard). */
export async function countDeliveryOutcomesByCarrier(executor: Executor) {
  const outcomes = await evidence.countOutcomesByCarrier(executor)
  const carriers = await findCarrierNames(
    executor,
    outcomes.map((row) => row.carrierId),
  )
  return outcomes.flatMap((row) => {
    const carrier = carriers.get(row.carrierId)
    if (!carrier) return []
    const { carrierId, submissions, delivered, failed } = row
    return [{ carrierId, name: carrier.name, submissions, delivered, failed }]
  })
}
