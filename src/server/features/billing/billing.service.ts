import { millisecondsInDay } from 'date-fns/constants'
import type { Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { APPLICATION_TEXTS } from '#shared/contracts/applications.contract.ts'
import { type Plan, SUBSCRIPTION_TEXTS } from '#shared/contracts/billing.contract.ts'
import { getPlan, PAYMENT_GRACE_DAYS, planListings } from '#shared/domain/plans.ts'
import { lockAgency } from '../agencies/agencies.service.ts'
import * as repository from './billing.repository.ts'
import { type QuotaPeriod, quotaPeriod } from './billing-periods.service.ts'
import { readSubscriptionState, type SubscriptionState } from './subscription-state.service.ts'

export function listPlans(): Plan[] {
  return planListings()
}

const DAY_MS = millisecondsInDay

/** The moment a past-due agency can no longer create applications; null when nothing is past due. */
export function graceEndsAt(state: Pick<SubscriptionState, 'status' | 'pastDueSince'>): Date | null {
  if (state.status !== 'past_due') return null
  const since = state.pastDueSince ?? new Date()
  return new Date(since.getTime() + PAYMENT_GRACE_DAYS * DAY_MS)
}

/** The quota month of a state: a paid plan's months run from its current period's start. */
export function quotaPeriodOf(state: SubscriptionState, now = new Date()): QuotaPeriod {
  return quotaPeriod(state.planCode === 'free' ? null : state.currentPeriodStart, now)
}

/**
 * Applications used in the current quota month against the plan's monthly limit. Free counts
 * calendar months, so it needs no read of the billing account (the current user's hot path).
 */
export async function getUsage(executor: Executor, agencyId: string, planCode: string) {
  const period =
    planCode === 'free'
      ? quotaPeriod(null)
      : quotaPeriodOf((await readSubscriptionState(executor, agencyId)).state)
  return {
    monthlyApplicationLimit: getPlan(planCode)?.monthlyApplicationLimit ?? 0,
    applicationsUsedThisMonth: await repository.getApplicationsUsed(executor, agencyId, period.key),
  }
}

/**
 * Counts one application against the plan's monthly quota, inside the application's transaction.
 * The agency row is locked first, so two applications at once cannot both take the last slot. A
 * payment past due beyond its grace period stops new applications (402) until it is paid.
 */
export async function consumeApplicationQuota(
  tx: Executor,
  agencyId: string,
  now = new Date(),
): Promise<void> {
  await lockAgency(tx, agencyId)
  const { state } = await readSubscriptionState(tx, agencyId)
  const graceEnd = graceEndsAt(state)
  if (graceEnd && now >= graceEnd) {
    throw new AppError('PLAN_LIMIT_REACHED', { message: SUBSCRIPTION_TEXTS.pastDueBlocked })
  }
  const plan = getPlan(state.planCode) ?? getPlan('free')!
  const { key } = quotaPeriodOf(state, now)
  const used = await repository.getApplicationsUsed(tx, agencyId, key)
  if (used >= plan.monthlyApplicationLimit) {
    throw new AppError('PLAN_LIMIT_REACHED', {
      message: APPLICATION_TEXTS.planLimit
        .replace('{plan}', plan.name)
        .replace('{limit}', plan.monthlyApplicationLimit.toLocaleString('en-US')),
    })
  }
  await repository.incrementApplicationsUsed(tx, agencyId, key)
}
