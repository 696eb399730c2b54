import type { Executor } from '#server/db/connect.ts'
import { type BillingPeriod, getPlan, type PlanCode } from '#shared/domain/plans.ts'
import { findAgencyPlan, setAgencyPlan } from '../agencies/agencies.service.ts'
import {
  type BillingAccountRow,
  findBillingAccount,
  saveBillingAccount,
} from './billing-accounts.repository.ts'
import { subtractBillingPeriod } from './billing-periods.service.ts'

/**
 * Everything the billing rules decide about an agency's subscription, in one value: read from the
 * agency's plan columns and its billing account, changed only through applySubscriptionState.
 */
export interface SubscriptionState {
  provider: 'test' | 'stripe'
  planCode: PlanCode
  /** Null on Free. */
  billingPeriod: BillingPeriod | null
  /** 'active', 'trialing' or 'past_due'. */
  status: string
  currentPeriodStart: Date | null
  /** The renewal date, or once cancelled the last moment of access. */
  currentPeriodEnd: Date | null
  trialEndsAt: Date | null
  cancelAtPeriodEnd: boolean
  pendingPlanCode: PlanCode | null
  pendingBillingPeriod: BillingPeriod | null
  pastDueSince: Date | null
}

export const FREE_STATE: Omit<SubscriptionState, 'provider'> = {
  planCode: 'free',
  billingPeriod: null,
  status: 'active',
  currentPeriodStart: null,
  currentPeriodEnd: null,
  trialEndsAt: null,
  cancelAtPeriodEnd: false,
  pendingPlanCode: null,
  pendingBillingPeriod: null,
  pastDueSince: null,
}

const asPlan = (code: string | null | undefined): PlanCode | null =>
  code ? (getPlan(code)?.code ?? null) : null
const asPeriod = (period: string | null | undefined): BillingPeriod | null =>
  period === 'monthly' || period === 'yearly' ? period : null

export interface AgencyBilling {
  agencyName: string
  /** The public demo agency, shared by every visitor. */
  isDemo: boolean
  state: SubscriptionState
  /** The billing account row, absent for an agency that never checked out. */
  account: BillingAccountRow | null
}

/**
 * The agency's subscription. An agency given a paid plan without a billing account (the demo
 * seed, older installs) reads as test mode, its period the one ending at its end date.
 */
export async function readSubscriptionState(executor: Executor, agencyId: string): Promise<AgencyBilling> {
  const [row, found] = await Promise.all([
    findAgencyPlan(executor, agencyId),
    findBillingAccount(executor, agencyId),
  ])
  if (!row) throw new Error(`Agency ${agencyId} not found`)
  const account = found ?? null
  const planCode = asPlan(row.planCode) ?? 'free'
  const billingPeriod = planCode === 'free' ? null : (asPeriod(row.billingPeriod) ?? 'monthly')
  const end = row.subscriptionEndsAt
  const start =
    account?.currentPeriodStart ?? (end && billingPeriod ? subtractBillingPeriod(end, billingPeriod) : null)
  return {
    agencyName: row.name,
    isDemo: row.isDemo,
    account,
    state: {
      provider: account?.provider === 'stripe' ? 'stripe' : 'test',
      planCode,
      billingPeriod,
      status: row.subscriptionStatus,
      currentPeriodStart: planCode === 'free' ? null : start,
      currentPeriodEnd: planCode === 'free' ? null : end,
      trialEndsAt: row.trialEndsAt,
      cancelAtPeriodEnd: account?.cancelAtPeriodEnd ?? false,
      pendingPlanCode: asPlan(account?.pendingPlanCode),
      pendingBillingPeriod: asPeriod(account?.pendingBillingPeriod),
      pastDueSince: account?.pastDueSince ?? null,
    },
  }
}

/** Writes the state to the agency's plan columns and its billing account. */
export async function writeSubscriptionState(
  executor: Executor,
  agencyId: string,
  state: SubscriptionState,
): Promise<void> {
  await setAgencyPlan(executor, agencyId, {
    planCode: state.planCode,
    billingPeriod: state.billingPeriod,
    subscriptionStatus: state.status,
    subscriptionEndsAt: state.currentPeriodEnd,
    trialEndsAt: state.trialEndsAt,
  })
  await saveBillingAccount(executor, agencyId, {
    provider: state.provider,
    currentPeriodStart: state.currentPeriodStart,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    pendingPlanCode: state.pendingPlanCode,
    pendingBillingPeriod: state.pendingBillingPeriod,
    pastDueSince: state.pastDueSince,
  })
}
