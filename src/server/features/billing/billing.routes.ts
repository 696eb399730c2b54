import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import {
  cancelTestCheckoutCall,
  createCheckoutCall,
  getTestCheckoutCall,
  listPlansCall,
  payTestCheckoutCall,
} from '#shared/contracts/billing.contract.ts'
import {
  cancelSubscriptionCall,
  currentSubscriptionCall,
  listInvoicesCall,
  openBillingPortalCall,
  TEST_RECEIPT_PATH,
} from '#shared/contracts/billing-subscription.contract.ts'
import { AGENCY_ADMIN_ROLES } from '#shared/domain/roles.ts'
import { listPlans } from './billing.service.ts'
import { cancelSubscription } from './cancel-subscription.ts'
import { startPlanChange } from './change-plan.ts'
import { getCurrentSubscription } from './get-current-subscription.ts'
import { listInvoices, renderTestReceipt } from './invoices.service.ts'
import { openBillingPortal } from './open-billing-portal.ts'
import type { PaymentProvider } from './payment-provider.service.ts'
import { stripeWebhookRoutes } from './stripe-webhook.routes.ts'
import { readSubscriptionState } from './subscription-state.service.ts'
import { cancelTestCheckout, getTestCheckout, payTestCheckout } from './test-checkout.service.ts'

const InvoiceParams = z.object({ id: z.uuid({ message: 'Not found' }) })

export function billingRoutes(
  app: FastifyInstance,
  deps: { db: Db; paymentProvider: PaymentProvider },
): void {
  const { db, paymentProvider: provider } = deps
  const billing = { db, provider }
  // Only an agency's admins change or cancel its plan; every member sees it.
  const admins = { roles: AGENCY_ADMIN_ROLES }

  // Visitors choose a plan before they have an account.
  registerCall(app, listPlansCall, { public: true }, async () => ({ data: listPlans() }))
  registerCall(app, currentSubscriptionCall, {}, ({ raw }) =>
    getCurrentSubscription(db, provider, requireCtx(raw)),
  )
  registerCall(app, createCheckoutCall, admins, ({ raw, body }) =>
    startPlanChange(billing, requireCtx(raw), body),
  )
  registerCall(app, cancelSubscriptionCall, admins, ({ raw }) => cancelSubscription(billing, requireCtx(raw)))
  registerCall(app, openBillingPortalCall, admins, ({ raw }) =>
    openBillingPortal(db, provider, requireCtx(raw)),
  )
  registerCall(app, listInvoicesCall, {}, async ({ raw }) => ({
    data: await listInvoices(db, requireCtx(raw)),
  }))

  app.get(TEST_RECEIPT_PATH, { schema: { params: InvoiceParams } }, async (request, reply) => {
    const ctx = requireCtx(request)
    const { id } = request.params as z.infer<typeof InvoiceParams>
    const { fileName, pdf } = await renderTestReceipt(db, ctx, id, async () => {
      return (await readSubscriptionState(db, ctx.actor.agencyId)).agencyName
    })
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(pdf))
  })

  if (provider.name === 'stripe') {
    stripeWebhookRoutes(app, { db, provider })
    return
  }
  // The built-in test checkout exists only while no real payment provider is configured.
  registerCall(app, getTestCheckoutCall, {}, ({ raw, params }) =>
    getTestCheckout(db, requireCtx(raw), params.id),
  )
  registerCall(app, payTestCheckoutCall, admins, ({ raw, params }) =>
    payTestCheckout(db, requireCtx(raw), params.id),
  )
  registerCall(app, cancelTestCheckoutCall, admins, ({ raw, params }) =>
    cancelTestCheckout(db, requireCtx(raw), params.id),
  )
}
