import { z } from 'zod'
import { BILLING_PERIODS, PLAN_CODES } from '../domain/plans.ts'
import { defineCall } from './call.ts'

export const SUBSCRIPTION_TEXTS = {
  testModeBanner: 'Test mode — no card is charged',
  checkoutFailedTitle: 'Payment Setup Failed',
  noCheckoutUrl: 'No checkout URL received from the payment provider',
  checkoutFailed: 'Failed to setup payment. Please try again.',
  paymentSuccessful: 'Payment Successful!',
  paymentCancelled: 'Payment Cancelled',
  nothingCharged: 'Your payment was cancelled and nothing was charged.',
  freePlanCheckout: 'The Free plan needs no payment.',
  checkoutNotOpen: 'This checkout is no longer open.',
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
})

export const createCheckoutCall = defineCall({
  method: 'POST',
  path: '/api/subscription/checkout',
  body: CheckoutInputSchema,
  response: z.object({ url: z.string() }),
})

export const CheckoutSessionSchema = z.object({
  id: z.string(),
  planCode: z.enum(PLAN_CODES),
  planName: z.string(),
  billingPeriod: z.enum(BILLING_PERIODS),
  /** Dollars. */
  amount: z.number(),
  status: z.enum(['open', 'paid', 'cancelled']),
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

/**
 * Settings › Subscription (spec §3, "Current subscription"): `price` is in dollars for the period
 * the agency is billed (`billingPeriod`): the yearly price for a yearly subscription.
 */
export const CurrentSubscriptionSchema = z.object({
  plan: z.object({
    code: z.enum(PLAN_CODES),
    name: z.string(),
    price: z.number(),
    billingPeriod: z.enum(BILLING_PERIODS),
  }),
  status: z.string(),
})
export type CurrentSubscription = z.infer<typeof CurrentSubscriptionSchema>

export const currentSubscriptionCall = defineCall({
  method: 'GET',
  path: '/api/subscription/current',
  response: CurrentSubscriptionSchema,
})
