import type { Executor } from '#server/db/connect.ts'
import { AppError, invalidField } from '#server/platform/app-error.ts'
import { utcToday } from '#server/platform/calendar.ts'
import type { Ctx } from '#server/platform/context.ts'
import { POLICY_TEXTS, type Policy, type PolicyListItem } from '#shared/contracts/policies.contract.ts'
import type { InsuranceType } from '#shared/domain/insurance-types.ts'
import {
  canReinstate,
  type PolicyStatus,
  policyNumberKey,
  policyStatusOn,
  toDollars,
} from '#shared/domain/policy-ledger.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { findUserNames } from '../auth/find-user-names.ts'
import { findCarrierNames } from '../carriers/carriers.service.ts'
import { findBookSettings } from './book-settings.service.ts'
import * as repository from './policies.repository.ts'

/** For the book import: many policies in one statement, and the ones the book already has. */
export {
  bookKeyOf,
  findBookedPolicies,
  type ImportedPolicy,
  recordImportedPolicies,
} from './record-imported-policies.ts'

export const notFound = () => new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })

/** A number the carrier already has in the agency's book, refused on the field. */
export const policyNumberTaken = () => invalidField('policyNumber', POLICY_TEXTS.policyNumberTaken)

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
  if (holder && holder.id !== policyId) throw policyNumberTaken()
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
  const [{ terms, transactions }, settings] = await Promise.all([
    repository.findLedger(db, agencyId, id),
    findBookSettings(db, agencyId),
  ])
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
    canReinstate: isReinstatable(row, settings.reinstatementWindowDays),
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

/** Cancelled (or pending cancellation) and still inside the agency's reinstatement window today. */
export function isReinstatable(row: repository.PolicyRow, windowDays: number, today = utcToday()): boolean {
  return (
    (row.status === 'cancelled' || row.status === 'pending_cancellation') &&
    row.cancellationDate !== null &&
    canReinstate(row.cancellationDate, today, windowDays)
  )
}

/** The status the rule gives a policy row today. */
export function statusOf(row: repository.PolicyRow, today = utcToday()): PolicyStatus {
  return policyStatusOn(row, today)
}

/** One of the agency's policies by id, for another feature's 404 (its history): its number, or undefined. */
export async function findPolicyRef(executor: Executor, agencyId: string, id: string) {
  const row = await repository.findPolicy(executor, agencyId, id)
  return row ? { id: row.id, policyNumber: row.policyNumber } : undefined
}

/** The agency's policies with these ids, named as the list shows them, by id. */
export async function findPolicyItems(executor: Executor, agencyId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, PolicyListItem>()
  const rows = await repository.findPoliciesByIds(executor, agencyId, [...new Set(ids)])
  return new Map((await toListItems(executor, rows)).map((item) => [item.id, item]))
}
