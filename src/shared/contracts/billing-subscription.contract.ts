import { z } from 'zod'
import { BILLING_PERIODS, PLAN_CODES } from '../domain/plans.ts'
import { defineCall } from './call.ts'

/**
 * GET /api/subscription/current answers both shapes of spec §3 in one object: the settings view's
 * `plan` and `status`, and the subscription summary (`subscriptionTier` … `monthlyApplicationLimit`),
 * with what the billing screen needs beside them. Dates are ISO strings.
 */
export const CurrentSubscriptionSchema = z.object({
  /** Settings view: `price` is in dollars for the period the agency is billed (`billingPeriod`). */
  plan: z.object({
    code: z.enum(PLAN_CODES),
    name: z.string(),
    price: z.number(),
    billingPeriod: z.enum(BILLING_PERIODS),
  }),
  status: z.string(),
  subscriptionTier: z.enum(PLAN_CODES),
  subscriptionStatus: z.string(),
  /** The end of the paid period: the renewal date, or the last day of access once cancelled. */
  subscriptionEndsAt: z.string().nullable(),
  trialEndsAt: z.string().nullable(),
  applicationsUsedThisMonth: z.number().int(),
  monthlyApplicationLimit: z.number().int(),
  /** The quota month the usage counts in (a paid plan's months run from its billing date). */
  usagePeriodStart: z.string(),
  usagePeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  /** A downgrade waiting for the period's end. */
  pendingChange: z
    .object({
      planCode: z.enum(PLAN_CODES),
      planName: z.string(),
      billingPeriod: z.enum(BILLING_PERIODS),
      effectiveAt: z.string(),
    })
    .nullable(),
  pastDueSince: z.string().nullable(),
  /** When a past-due agency stops being able to create applications. */
  graceEndsAt: z.string().nullable(),
  applicationsBlocked: z.boolean(),
  testMode: z.boolean(),
  /** The payment provider's customer portal can be opened (Settings › Manage Subscription). */
  portalAvailable: z.boolean(),
})
export type CurrentSubscription = z.infer<typeof CurrentSubscriptionSchema>

export const currentSubscriptionCall = defineCall({
  method: 'GET',
  path: '/api/subscription/current',
  response: CurrentSubscriptionSchema,
})

export const cancelSubscriptionCall = defineCall({
  method: 'POST',
  path: '/api/subscription/cancel',
  response: z.object({
    message: z.string(),
    /** The last moment of access; the agency is on Free after it. */
    subscriptionEndsAt: z.string(),
  }),
})

export const InvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  description: z.string(),
  planCode: z.enum(PLAN_CODES).nullable(),
  billingPeriod: z.enum(BILLING_PERIODS).nullable(),
  /** Dollars. */
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['paid', 'open', 'failed', 'void', 'uncollectible']),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  createdAt: z.string(),
  /** The provider's PDF (Stripe) or our own receipt of a test-mode payment. */
  pdfUrl: z.string().nullable(),
  hostedUrl: z.string().nullable(),
  testMode: z.boolean(),
})
export type Invoice = z.infer<typeof InvoiceSchema>

export const listInvoicesCall = defineCall({
  method: 'GET',
  path: '/api/subscription/invoices',
  response: z.object({ data: z.array(InvoiceSchema) }),
})

/** The test receipt's PDF (a test-mode payment); Stripe's invoices link to Stripe's own PDF. */
export const TEST_RECEIPT_PATH = '/api/subscription/invoices/:id/receipt'

export const openBillingPortalCall = defineCall({
  method: 'POST',
  path: '/api/billing/portal',
  response: z.object({ url: z.string() }),
})

/** Stripe's webhook endpoint (server to server; not called by the browser). */
export const STRIPE_WEBHOOK_PATH = '/api/billing/stripe-webhook'
