import type { Executor } from '#server/db/connect.ts'
import { utcToday } from '#server/platform/calendar.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { InsuranceType } from '#shared/domain/insurance-types.ts'
import { policyNumberKey, policyStatusOn } from '#shared/domain/policy-ledger.ts'
import * as repository from './imported-policies.repository.ts'
import { announceTransactionsWritten } from './policy-commission.service.ts'
import { announcePoliciesWritten } from './policy-renewal.service.ts'

/** The new-business transaction's description of a policy that came in with the agency's book. */
export const IMPORTED_POLICY_DESCRIPTION = 'Imported from the agency’s book'

/** A policy of the agency's book as its import brings it: its references already resolved. */
export interface ImportedPolicy {
  clientId: string
  insuredName: string
  carrierId: string
  lineOfBusiness: InsuranceType
  policyNumber: string
  producerUserId: string
  effectiveDate: string
  expirationDate: string
  premiumCents: number
}

/** How the book tells policies apart: the carrier and the number without case or spaces. */
export function bookKeyOf(carrierId: string, policyNumber: string): string {
  return `${carrierId} ${policyNumberKey(policyNumber)}`
}

/** Which of these carrier and number pairs the agency's book already has (bookKeyOf). */
export function findBookedPolicies(
  executor: Executor,
  agencyId: string,
  pairs: readonly { carrierId: string; policyNumber: string }[],
): Promise<Set<string>> {
  if (pairs.length === 0) return Promise.resolve(new Set())
  return repository.findBookedKeys(executor, agencyId, {
    carrierIds: pairs.map((pair) => pair.carrierId),
    keys: pairs.map((pair) => policyNumberKey(pair.policyNumber)),
  })
}

/**
 * For the book import, in its batch's transaction: many policies at once, each as
 * createPolicyInTx writes one (the policy with its status by the ledger's rule, its first term,
 * the term's new-business transaction), in one statement; a number its carrier already has in the
 * book is skipped, never an error. Answers the bookKeyOf of each policy written. The import audits
 * itself once ('policy.imported', with its counts) rather than once a policy.
 */
export async function recordImportedPolicies(
  tx: Executor,
  ctx: Ctx,
  imported: readonly ImportedPolicy[],
): Promise<Set<string>> {
  if (imported.length === 0) return new Set()
  const today = utcToday()
  const column = <T>(read: (policy: ImportedPolicy) => T) => imported.map(read)
  const { keys: written, ids } = await repository.insertImportedPolicies(
    tx,
    { agencyId: ctx.actor.agencyId, userId: ctx.actor.userId, description: IMPORTED_POLICY_DESCRIPTION },
    {
      clientIds: column((p) => p.clientId),
      carrierIds: column((p) => p.carrierId),
      lines: column((p) => p.lineOfBusiness),
      policyNumbers: column((p) => p.policyNumber.trim()),
      keys: column((p) => policyNumberKey(p.policyNumber)),
      insuredNames: column((p) => p.insuredName),
      producerUserIds: column((p) => p.producerUserId),
      statuses: column((p) => policyStatusOn({ ...p, cancellationDate: null, outcome: null }, today)),
      effectiveDates: column((p) => p.effectiveDate),
      expirationDates: column((p) => p.expirationDate),
      premiumCents: column((p) => p.premiumCents),
    },
  )
  // The renewal pipeline takes in the batch's policies already inside its horizon at once.
  if (written.size > 0) await announcePoliciesWritten(tx, ctx.actor.agencyId)
  // Commissions hear of the batch's new-business transactions in one job, by policy.
  await announceTransactionsWritten(tx, ctx.actor.agencyId, ids)
  return written
}
