import { z } from 'zod'
import { BILLING_PERIODS, PLAN_CODES } from '../domain/plans.ts'
import { defineCall } from './call.ts'

/** Every text of the billing screens (spec part 2 §2, §8) and the billing calls' messages. */
export const SUBSCRIPTION_TEXTS = {
  title: 'Subscription and Billing',
  visitorHeading: 'Choose Your Plan',
  loadingPlans: 'Subscription Plans',
  saveBadge: 'Save 17%',
  currentPlan: 'Current Plan',
  upgrade: 'Upgrade',
  downgrade: 'Downgrade',
  getStarted: 'Get Started',
  cancelSubscription: 'Cancel Subscription',
  upgradeFailed: 'Failed to start upgrade process. Please try again.',
  canceledTitle: 'Subscription Canceled',
  canceledDescription: "You'll have access until your current period ends.",
  cancelFailed: 'Failed to cancel subscription. Please try again.',
  usageHint: 'You are close to your monthly limit. Consider upgrading your plan.',
  testModeBanner: 'Test mode — no card is charged',
  checkoutFailedTitle: 'Payment Setup Failed',
  noCheckoutUrl: 'No checkout URL received from the payment provider',
  checkoutFailed: 'Failed to setup payment. Please try again.',
  paymentSuccessful: 'Payment Successful!',
  paymentCancelled: 'Payment Cancelled',
  nothingCharged: 'Your payment was cancelled and nothing was charged.',
  freePlanCheckout: 'The Free plan needs no payment.',
  checkoutNotOpen: 'This checkout is no longer open.',
  currentPlanCheckout: 'Your agency is already on this plan.',
  nothingToCancel: 'Your agency is on the Free plan: there is no subscription to cancel.',
  changeInProgress: 'A plan change is already in progress. Try again in a moment.',
  planChangedSinceCheckout: 'Your plan changed since this checkout began. Start the change again.',
  providerUnavailable: 'The payment provider could not be reached. Nothing was changed; please try again.',
  portalUnavailable: 'Billing runs in test mode: there is no payment provider portal to open.',
  portalNoCustomer: 'Your agency has no subscription with the payment provider yet. Choose a plan first.',
  pastDueTitle: 'Payment past due',
  pastDueBanner: 'Your last payment failed. Update your payment method to keep your plan.',
  pastDueBlocked:
    'Your subscription payment is past due. Update your payment method in Settings › Subscription to create applications again.',
  downgradeScheduled: 'Plan change scheduled',
  onlyAdmins: 'Only an agency admin can change or cancel the plan.',
  noInvoices: 'No invoices yet.',
  idempotencyKeyReused: 'This idempotency key was used for a different plan change.',
} as const

export const PlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.enum(PLAN_CODES),
  /** Dollars as numeric strings, as the spec reads them ('29.99'). */
  monthlyPrice: z.string(),
  yearlyPrice: z.string(),
  monthlyApplicationLimit: z.number().int(),
  features: z.array(z.string()),
  isActive: z.boolean(),
})
export type Plan = z.infer<typeof PlanSchema>

export const listPlansCall = defineCall({
  method: 'GET',
  path: '/api/subscription/plans',
  response: z.object({ data: z.array(PlanSchema) }),
})

export const CheckoutInputSchema = z.object({
  planCode: z.enum(PLAN_CODES, { message: 'Choose one of the plans' }),
  billingPeriod: z.enum(BILLING_PERIODS, { message: 'Choose monthly or yearly billing' }).default('monthly'),
  /** The same key sent again answers the first call's checkout instead of starting another. */
  idempotencyKey: z
    .string()
    .trim()
    .min(8, 'An idempotency key has 8 to 200 characters')
    .max(200, 'An idempotency key has 8 to 200 characters')
    .optional(),
})
export type CheckoutInput = z.infer<typeof CheckoutInputSchema>

/**
 * `url` is where the browser goes next: the provider's hosted checkout, or, for a change that
 * needs no new payment page, back to our own billing screen. `change` says which.
 */
export const CheckoutAnswerSchema = z.object({
  url: z.string(),
  change: z.enum(['checkout', 'upgraded', 'scheduled', 'cancelled']),
  /** When a scheduled change (a downgrade) takes effect. */
  effectiveAt: z.string().nullable(),
})

export const createCheckoutCall = defineCall({
  method: 'POST',
  path: '/api/subscription/checkout',
  body: CheckoutInputSchema,
  response: CheckoutAnswerSchema,
})

export const CheckoutSessionSchema = z.object({
  id: z.string(),
  planCode: z.enum(PLAN_CODES),
  planName: z.string(),
  billingPeriod: z.enum(BILLING_PERIODS),
  /** Dollars: the whole price for a new subscription, the prorated difference for an upgrade. */
  amount: z.number(),
  kind: z.enum(['new', 'upgrade']),
  status: z.enum(['open', 'paid', 'cancelled', 'failed']),
  testMode: z.boolean(),
})
export type CheckoutSession = z.infer<typeof CheckoutSessionSchema>

const CheckoutIdSchema = z.object({ id: z.uuid({ message: 'Not found' }) })

/** The built-in test checkout (no payment provider configured). */
export const getTestCheckoutCall = defineCall({
  method: 'GET',
  path: '/api/subscription/test-checkout/:id',
  params: CheckoutIdSchema,
  response: CheckoutSessionSchema,
})

export const payTestCheckoutCall = defineCall({
  method: 'POST',
  path: '/api/subscription/test-checkout/:id/pay',
  params: CheckoutIdSchema,
  response: z.object({ redirectUrl: z.string() }),
})

export const cancelTestCheckoutCall = defineCall({
  method: 'POST',
  path: '/api/subscription/test-checkout/:id/cancel',
  params: CheckoutIdSchema,
  response: z.object({ redirectUrl: z.string() }),
})
