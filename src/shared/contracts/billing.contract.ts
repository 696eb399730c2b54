import { z } from 'zod'
import { BILLING_PERIODS, PLAN_CODES } from '../domain/plans.ts'
import { defineCall } from './call.ts'

export { SUBSCRIPTION_TEXTS } from './billing-texts.ts'

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
