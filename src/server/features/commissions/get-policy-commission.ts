import type { Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { utcToday } from '#server/platform/calendar.ts'
import type { Ctx } from '#server/platform/context.ts'
import type {
  ExpectedCommission,
  PolicyCommission,
  ProducerSplit,
  RateOverride,
} from '#shared/contracts/commissions-policies.contract.ts'
import { allocateCents, bpToPercent, rateKindOf } from '#shared/domain/commission-math.ts'
import { type TransactionKind, toDollars } from '#shared/domain/policy-ledger.ts'
import { isAgencyAdmin } from '#shared/domain/roles.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { findUserNames, type UserName } from '../auth/find-user-names.ts'
import { findPolicyRef } from '../policies/policies.service.ts'
import { selectLedgerFacts } from '../policies/policy-commission.service.ts'
import * as rates from './commission-rates.repository.ts'
import * as expected from './expected-commissions.repository.ts'
import * as splits from './producer-splits.repository.ts'

/** One of the agency's policies, or 404 exactly as a missing one. */
export async function requirePolicy(executor: Executor, agencyId: string, policyId: string) {
  const policy = await findPolicyRef(executor, agencyId, policyId)
  if (!policy) throw new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })
  return policy
}

const nameOf = (names: Map<string, UserName>, id: string | null) => {
  const user = id ? names.get(id) : undefined
  return user ? `${user.firstName} ${user.lastName}` : null
}

/** The latest row dated on or before a day, of rows sorted newest effective date first. */
function inForceOn<T extends { effectiveFrom: string }>(rows: readonly T[], day: string): T | undefined {
  return rows.find((row) => row.effectiveFrom <= day)
}

/**
 * A policy's commission as its page shows it: each transaction's expected commission (recorded,
 * about to be, or no rate), split among the producers by the split in force on its date; the
 * override and the split with their histories.
 */
export async function getPolicyCommission(
  db: Executor,
  ctx: Ctx,
  policyId: string,
  today = utcToday(),
): Promise<PolicyCommission> {
  const { agencyId } = ctx.actor
  await requirePolicy(db, agencyId, policyId)
  const ledger = selectLedgerFacts(agencyId)
  const [rows, overrides, splitRows] = await Promise.all([
    expected.findPolicyLedger(db, ledger, agencyId, policyId),
    rates.findPolicyRates(db, agencyId, policyId),
    splits.findPolicySplits(db, agencyId, policyId),
  ])
  const pending = rows.some((row) => row.rateBp === null)
    ? new Map(
        (await expected.findPendingRates(db, ledger, { agencyId, policyIds: [policyId] })).map((rate) => [
          rate.transactionId,
          rate,
        ]),
      )
    : new Map<string, expected.PendingRate>()
  const names = await findUserNames(db, [
    ...splitRows.flatMap((split) => [
      ...split.shares.map((share) => share.userId),
      ...(split.createdByUserId ? [split.createdByUserId] : []),
    ]),
    ...overrides.flatMap((row) => (row.createdByUserId ? [row.createdByUserId] : [])),
  ])
  const splitHistory: ProducerSplit[] = splitRows.map((split) => ({
    id: split.id,
    effectiveFrom: split.effectiveFrom,
    isDefault: split.source === 'default',
    createdByName: nameOf(names, split.createdByUserId),
    createdAt: split.createdAt.toISOString(),
    producers: split.shares.map((share) => ({
      userId: share.userId,
      name: nameOf(names, share.userId) ?? 'Former user',
      role: share.role,
      percent: bpToPercent(share.shareBp),
    })),
  }))
  let totalCents = 0
  const transactions = rows.map((row): ExpectedCommission => {
    const rate = row.rateBp === null ? pending.get(row.transactionId) : { ...row, rateBp: row.rateBp }
    const amountCents = rate ? (row.rateBp === null ? rate.amountCents : row.amountCents!) : null
    totalCents += amountCents ?? 0
    const split = inForceOn(splitRows, row.effectiveDate)
    const parts =
      amountCents === null || !split
        ? []
        : allocateCents(
            amountCents,
            split.shares.map((s) => s.shareBp),
          )
    return {
      transactionId: row.transactionId,
      termNumber: row.termNumber,
      kind: row.kind as TransactionKind,
      effectiveDate: row.effectiveDate,
      premiumChange: toDollars(row.premiumChangeCents),
      status: row.rateBp !== null ? 'recorded' : rate ? 'pending' : 'no_rate',
      rateKind: rate?.rateKind ?? rateKindOf(row.termNumber),
      rate: rate ? bpToPercent(rate.rateBp) : null,
      rateSource: rate?.rateSource ?? null,
      expectedCommission: amountCents === null ? null : toDollars(amountCents),
      shares: (split?.shares ?? []).flatMap((share, index) =>
        parts.length === 0
          ? []
          : [
              {
                userId: share.userId,
                name: nameOf(names, share.userId) ?? 'Former user',
                role: share.role,
                percent: bpToPercent(share.shareBp),
                amount: toDollars(parts[index]!),
              },
            ],
      ),
    }
  })
  const overrideHistory: RateOverride[] = overrides.map((row) => ({
    id: row.id,
    newBusinessRate: row.newBusinessBp === null ? null : bpToPercent(row.newBusinessBp),
    renewalRate: row.renewalBp === null ? null : bpToPercent(row.renewalBp),
    effectiveFrom: row.effectiveFrom,
    createdByName: nameOf(names, row.createdByUserId),
    createdAt: row.createdAt.toISOString(),
  }))
  const currentOverride = inForceOn(overrideHistory, today)
  return {
    policyId,
    canEdit: isAgencyAdmin(ctx.actor.role),
    transactions,
    totalExpected: toDollars(totalCents),
    override: {
      current:
        currentOverride && (currentOverride.newBusinessRate !== null || currentOverride.renewalRate !== null)
          ? currentOverride
          : null,
      history: overrideHistory,
    },
    // Before its first day, a policy's split is the one it will start with.
    split: { current: inForceOn(splitHistory, today) ?? splitHistory.at(-1) ?? null, history: splitHistory },
  }
}
