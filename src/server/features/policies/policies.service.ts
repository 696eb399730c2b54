import type { Db, Executor } from '#server/db/connect.ts'
import { AppError, invalidField } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import { utcToday } from '#server/platform/calendar.ts'
import type { Ctx } from '#server/platform/context.ts'
import { isUniqueViolation } from '#server/platform/db-errors.ts'
import { enqueueJob } from '#server/platform/jobs.ts'
import {
  POLICY_TEXTS,
  type Policy,
  type PolicyInput,
  type PolicyListItem,
} from '#shared/contracts/policies.contract.ts'
import type { InsuranceType } from '#shared/domain/insurance-types.ts'
import {
  canReinstate,
  DEFAULT_REINSTATEMENT_WINDOW_DAYS,
  type PolicyStatus,
  policyNumberKey,
  policyStatusOn,
  toCents,
  toDollars,
} from '#shared/domain/policy-ledger.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { findUserNames } from '../auth/find-user-names.ts'
import { findAgencyCarriers, findCarrierNames } from '../carriers/carriers.service.ts'
import { findClientCards } from '../clients/clients.service.ts'
import * as repository from './policies.repository.ts'

export const notFound = () => new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })

export interface NewPolicy {
  clientId: string
  carrierId: string
  lineOfBusiness: InsuranceType
  policyNumber: string
  producerUserId: string | null
  effectiveDate: string
  expirationDate: string
  premiumCents: number
  source: 'bound' | 'entered' | 'imported'
  applicationId?: string | null
  quoteId?: string | null
}

const taken = () => invalidField('policyNumber', POLICY_TEXTS.policyNumberTaken)

/**
 * In the caller's transaction: the policy, its first term and the term's new-business
 * transaction, audited. The client must be the agency's (its name becomes the named insured); a
 * number the carrier already has in the agency's book is refused on the field.
 */
export async function createPolicyInTx(tx: Executor, ctx: Ctx, input: NewPolicy): Promise<string> {
  const { agencyId, userId } = ctx.actor
  const client = (await findClientCards(tx, agencyId, [input.clientId])).get(input.clientId)
  if (!client) throw invalidField('clientId', POLICY_TEXTS.unknownClient)
  const key = policyNumberKey(input.policyNumber)
  if (await repository.findByNumber(tx, agencyId, input.carrierId, key)) throw taken()
  const facts = { ...input, cancellationDate: null, outcome: null }
  const policy = await repository
    .insertPolicy(tx, {
      agencyId,
      clientId: input.clientId,
      carrierId: input.carrierId,
      lineOfBusiness: input.lineOfBusiness,
      policyNumber: input.policyNumber.trim(),
      policyNumberKey: key,
      insuredName: `${client.firstName} ${client.lastName}`.trim(),
      producerUserId: input.producerUserId,
      status: policyStatusOn(facts, utcToday()),
      source: input.source,
      applicationId: input.applicationId ?? null,
      quoteId: input.quoteId ?? null,
      effectiveDate: input.effectiveDate,
      expirationDate: input.expirationDate,
      writtenPremiumCents: input.premiumCents,
    })
    .catch((error: unknown) => {
      // Two requests raced to the same number: the index refuses the second.
      throw isUniqueViolation(error) ? taken() : error
    })
  const term = await repository.insertTerm(tx, {
    agencyId,
    policyId: policy.id,
    termNumber: 1,
    effectiveDate: input.effectiveDate,
    expirationDate: input.expirationDate,
    writtenPremiumCents: input.premiumCents,
  })
  await repository.insertTransaction(tx, {
    agencyId,
    policyId: policy.id,
    termId: term.id,
    kind: 'new_business',
    effectiveDate: input.effectiveDate,
    premiumChangeCents: input.premiumCents,
    description: input.source === 'imported' ? 'Imported from the agency’s book' : null,
    createdByUserId: userId,
  })
  // A book import announces its policies once, at its end, rather than one job a row.
  if (input.source !== 'imported') await announcePoliciesWritten(tx, agencyId, policy.id)
  await recordAudit(tx, ctx, {
    action: input.source === 'bound' ? 'policy.bound' : 'policy.created',
    entity: { type: 'policy', id: policy.id },
    details: { carrierId: input.carrierId, lineOfBusiness: input.lineOfBusiness, source: input.source },
  })
  return policy.id
}

/** An existing policy entered by hand: its carrier and producer must be the agency's to use. */
export async function createPolicy(db: Db, ctx: Ctx, input: PolicyInput): Promise<Policy> {
  const { agencyId } = ctx.actor
  const id = await db.transaction(async (tx) => {
    const [carrier] = await findAgencyCarriers(tx, agencyId, [input.carrierId])
    if (!carrier) throw invalidField('carrierId', POLICY_TEXTS.unknownCarrier)
    if (input.producerUserId) await requireProducer(tx, agencyId, input.producerUserId)
    return createPolicyInTx(tx, ctx, {
      ...input,
      producerUserId: input.producerUserId ?? ctx.actor.userId,
      premiumCents: toCents(input.annualPremium),
      source: 'entered',
    })
  })
  return getPolicy(db, ctx, id)
}

async function requireProducer(executor: Executor, agencyId: string, userId: string) {
  const user = (await findUserNames(executor, [userId])).get(userId)
  if (user?.agencyId !== agencyId) throw invalidField('producerUserId', POLICY_TEXTS.unknownProducer)
}

/** The carrier's own number for a policy bound with a provisional one (an API carrier's `bound` answer). */
export async function setCarrierPolicyNumber(
  tx: Executor,
  agencyId: string,
  policyId: string,
  policyNumber: string,
): Promise<void> {
  const policy = await repository.findPolicy(tx, agencyId, policyId, { forUpdate: true })
  if (!policy) throw notFound()
  const key = policyNumberKey(policyNumber)
  const holder = await repository.findByNumber(tx, agencyId, policy.carrierId, key)
  if (holder && holder.id !== policyId) throw taken()
  await repository.updatePolicy(tx, agencyId, policyId, {
    policyNumber: policyNumber.trim(),
    policyNumberKey: key,
  })
}

/** Names for a page of policies: carriers and producers, one query each. */
export async function toListItems(
  executor: Executor,
  rows: repository.PolicyRow[],
): Promise<PolicyListItem[]> {
  const [carriers, producers] = await Promise.all([
    findCarrierNames(
      executor,
      rows.map((row) => row.carrierId),
    ),
    findUserNames(
      executor,
      rows.flatMap((row) => (row.producerUserId ? [row.producerUserId] : [])),
    ),
  ])
  return rows.map((row) => {
    const producer = row.producerUserId ? producers.get(row.producerUserId) : undefined
    return {
      id: row.id,
      policyNumber: row.policyNumber,
      clientId: row.clientId,
      insuredName: row.insuredName,
      carrierId: row.carrierId,
      carrierName: carriers.get(row.carrierId)?.name ?? 'Unknown carrier',
      lineOfBusiness: row.lineOfBusiness as InsuranceType,
      status: row.status,
      annualPremium: toDollars(row.writtenPremiumCents),
      effectiveDate: row.effectiveDate,
      expirationDate: row.expirationDate,
      producerUserId: row.producerUserId,
      producerName: producer ? `${producer.firstName} ${producer.lastName}` : null,
    }
  })
}

/** A policy with its terms (newest first) and each term's transactions, as its page shows it. */
export async function getPolicy(db: Executor, ctx: Ctx, id: string): Promise<Policy> {
  const { agencyId } = ctx.actor
  const row = await repository.findPolicy(db, agencyId, id)
  if (!row) throw notFound()
  const { terms, transactions } = await repository.findLedger(db, agencyId, id)
  const [[item], authors] = await Promise.all([
    toListItems(db, [row]),
    findUserNames(
      db,
      transactions.flatMap((transaction) =>
        transaction.createdByUserId ? [transaction.createdByUserId] : [],
      ),
    ),
  ])
  const authorName = (userId: string | null) => {
    const author = userId ? authors.get(userId) : undefined
    return author ? `${author.firstName} ${author.lastName}` : null
  }
  return {
    ...item!,
    source: row.source,
    applicationId: row.applicationId,
    quoteId: row.quoteId,
    cancellationDate: row.cancellationDate,
    canReinstate: isReinstatable(row),
    createdAt: row.createdAt.toISOString(),
    terms: terms.map((term) => ({
      id: term.id,
      termNumber: term.termNumber,
      effectiveDate: term.effectiveDate,
      expirationDate: term.expirationDate,
      writtenPremium: toDollars(term.writtenPremiumCents),
      transactions: transactions
        .filter((transaction) => transaction.termId === term.id)
        .map((transaction) => ({
          id: transaction.id,
          kind: transaction.kind,
          effectiveDate: transaction.effectiveDate,
          premiumChange: toDollars(transaction.premiumChangeCents),
          description: transaction.description,
          details: transaction.details,
          createdByName: authorName(transaction.createdByUserId),
          createdAt: transaction.createdAt.toISOString(),
        })),
    })),
  }
}

/** Cancelled (or pending cancellation) and still inside the reinstatement window today. */
export function isReinstatable(row: repository.PolicyRow, today = utcToday()): boolean {
  return (
    (row.status === 'cancelled' || row.status === 'pending_cancellation') &&
    row.cancellationDate !== null &&
    canReinstate(row.cancellationDate, today, DEFAULT_REINSTATEMENT_WINDOW_DAYS)
  )
}

/** The status the rule gives a policy row today. */
export function statusOf(row: repository.PolicyRow, today = utcToday()): PolicyStatus {
  return policyStatusOn(row, today)
}

/** For the dashboard: premium in force (dollars), policies in force and those expiring soon. */
export async function getBookFigures(executor: Executor, agencyId: string, today = utcToday()) {
  const row = await repository.findBookFigures(executor, agencyId, today)
  return {
    premiumInForce: toDollars(Number(row.premiumCents)),
    activePolicies: row.policies,
    expiring: { within30: row.within30, within60: row.within60, within90: row.within90 },
  }
}

/** For the assistant: premium and policies in force per carrier, named, largest first. */
export async function getPremiumByCarrier(executor: Executor, agencyId: string, today = utcToday()) {
  const rows = await repository.findPremiumByCarrier(executor, agencyId, today)
  const names = await findCarrierNames(
    executor,
    rows.map((row) => row.carrierId),
  )
  return rows.map((row) => ({
    carrierId: row.carrierId,
    carrierName: names.get(row.carrierId)?.name ?? 'Unknown carrier',
    premium: toDollars(Number(row.premiumCents)),
    policies: row.policies,
  }))
}

/** Past this many, the assistant says "at least" rather than count further. */
export const EXPIRING_COUNT_LIMIT = 1000

/** For the assistant: policies in force expiring between two dates, soonest first, and how many. */
export async function findExpiringPolicies(
  executor: Executor,
  agencyId: string,
  range: { from: string; to: string },
  limit: number,
) {
  const filter = { expiringFrom: range.from, expiringBy: range.to, today: range.from }
  const rows = await repository.findPolicies(executor, agencyId, filter, {
    sort: 'expiration',
    descending: false,
    limit: EXPIRING_COUNT_LIMIT,
  })
  return { total: rows.length, policies: await toListItems(executor, rows.slice(0, limit)) }
}

export type { ExpiringTerm } from './policies.repository.ts'

/**
 * For the renewal pipeline: active policies' current terms expiring within a range, a page at a
 * time in (expiration, policy) order, across agencies unless one is named.
 */
export function findTermsExpiring(
  executor: Executor,
  range: { from: string; to: string; agencyId?: string; policyId?: string },
  page: { limit: number; after?: { expirationDate: string; policyId: string } },
) {
  return repository.findTermsExpiring(executor, range, page)
}

/** The agency's policies with these ids, named as the list shows them, by id. */
export async function findPolicyItems(executor: Executor, agencyId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, PolicyListItem>()
  const rows = await repository.findPoliciesByIds(executor, agencyId, [...new Set(ids)])
  return new Map((await toListItems(executor, rows)).map((item) => [item.id, item]))
}

/**
 * How the policy's current term ends at its expiration, as its renewal decided: non_renewed (lost
 * or not renewed) or renewed (replaced by a new carrier's policy). The daily status job applies
 * it on the day; the renewal's own audit event records the decision.
 */
export async function markPolicyOutcome(
  executor: Executor,
  agencyId: string,
  policyId: string,
  outcome: 'renewed' | 'non_renewed',
) {
  await repository.updatePolicy(executor, agencyId, policyId, { outcome })
}

/** The job that tells the renewal pipeline policies were written (it takes in those due at once). */
export const POLICIES_WRITTEN_JOB = 'policies.written'

/**
 * In the caller's transaction: books a run of whoever listens for new policies (the renewal
 * pipeline), for one policy or, without an id, for all of an agency's (after a book import).
 */
export async function announcePoliciesWritten(executor: Executor, agencyId: string, policyId?: string) {
  await enqueueJob(executor, { type: POLICIES_WRITTEN_JOB, agencyId, payload: policyId ? { policyId } : {} })
}
