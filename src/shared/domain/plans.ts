/** The five subscription plans of spec part 2 §9. Prices are integer cents; the API answers dollars. */
export const PLAN_CODES = ['free', 'starter', 'professional', 'enterprise', 'executive'] as const
export type PlanCode = (typeof PLAN_CODES)[number]

export interface PlanDefinition {
  code: PlanCode
  name: string
  monthlyPriceCents: number
  yearlyPriceCents: number
  monthlyApplicationLimit: number
  features: readonly string[]
}

export const PLANS: readonly PlanDefinition[] = [
  {
    code: 'free',
    name: 'Free',
    monthlyPriceCents: 0,
    yearlyPriceCents: 0,
    monthlyApplicationLimit: 5,
    features: ['Basic carrier integration', 'Standard PDF generation', 'Email support'],
  },
  {
    code: 'starter',
    name: 'Starter',
    monthlyPriceCents: 2999,
    yearlyPriceCents: 29999,
    monthlyApplicationLimit: 50,
    features: [
      'Everything in Free',
      'All carriers',
      'Email notifications',
      'Basic CRM',
      'Priority email support',
    ],
  },
  {
    code: 'professional',
    name: 'Professional',
    monthlyPriceCents: 4999,
    yearlyPriceCents: 49999,
    monthlyApplicationLimit: 200,
    features: [
      'Everything in Starter',
      'SMS notifications',
      'Full CRM',
      'Commission tracking',
      'Reporting',
      'API access',
      'Phone support',
    ],
  },
  {
    code: 'enterprise',
    name: 'Enterprise',
    monthlyPriceCents: 6499,
    yearlyPriceCents: 64999,
    monthlyApplicationLimit: 1000,
    features: [
      'Everything in Professional',
      'White-label',
      'Custom branding',
      'Analytics',
      'Team management',
      'Custom integrations',
    ],
  },
  {
    code: 'executive',
    name: 'Executive',
    monthlyPriceCents: 42499,
    yearlyPriceCents: 424999,
    monthlyApplicationLimit: 10000,
    features: [
      'Everything in Enterprise',
      'Multi-tenant',
      'Custom domain',
      'Cross-team reporting',
      'Dedicated account manager',
      'Custom development',
    ],
  },
]

export const BILLING_PERIODS = ['monthly', 'yearly'] as const
export type BillingPeriod = (typeof BILLING_PERIODS)[number]

export function getPlan(code: string): PlanDefinition | undefined {
  return PLANS.find((plan) => plan.code === code)
}

export function planPriceCents(plan: PlanDefinition, period: BillingPeriod): number {
  return period === 'yearly' ? plan.yearlyPriceCents : plan.monthlyPriceCents
}

/** '29.99' from 2999: the spec's numeric-string price. */
export function centsToDollarString(cents: number): string {
  return (cents / 100).toFixed(2)
}

/** Every plan as the plans call answers it (spec part 2 §3, Plan): prices as dollar strings. */
export function planListings() {
  return PLANS.map((plan) => ({
    id: plan.code,
    name: plan.name,
    code: plan.code,
    monthlyPrice: centsToDollarString(plan.monthlyPriceCents),
    yearlyPrice: centsToDollarString(plan.yearlyPriceCents),
    monthlyApplicationLimit: plan.monthlyApplicationLimit,
    features: [...plan.features],
    isActive: true,
  }))
}

/** Spec §9: the usage card hints at upgrading from 80% of the monthly limit. */
export const USAGE_WARNING_RATIO = 0.8

/** A failed payment leaves the agency this many days to pay before new applications are refused. */
export const PAYMENT_GRACE_DAYS = 7

export type PlanChange = 'same' | 'upgrade' | 'downgrade'

/**
 * A move up or down the plan list (spec order). The same plan on the other period counts as an
 * upgrade to yearly and a downgrade to monthly: yearly pays more at once.
 */
export function classifyPlanChange(
  from: { planCode: string; billingPeriod: BillingPeriod | null },
  to: { planCode: string; billingPeriod: BillingPeriod },
): PlanChange {
  const rank = (code: string) => PLAN_CODES.indexOf(code as PlanCode)
  const difference = rank(to.planCode) - rank(from.planCode)
  if (difference !== 0) return difference > 0 ? 'upgrade' : 'downgrade'
  if (to.planCode === 'free' || from.billingPeriod === to.billingPeriod) return 'same'
  return to.billingPeriod === 'yearly' ? 'upgrade' : 'downgrade'
}

/** Whether usage has reached the point where the usage card suggests upgrading. */
export function usageNeedsUpgradeHint(used: number, limit: number): boolean {
  return limit > 0 && used / limit >= USAGE_WARNING_RATIO
}
