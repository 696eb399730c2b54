import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { SUBSCRIPTION_TEXTS } from '#shared/contracts/billing.contract.ts'
import type { PaymentProvider } from './payment-provider.service.ts'
import { asProviderFailure, refuseDemoAgency } from './plan-change.service.ts'
import { readSubscriptionState } from './subscription-state.service.ts'

/** Settings › Manage Subscription: a Stripe Customer Portal session for the agency's customer. */
export async function openBillingPortal(
  db: Db,
  provider: PaymentProvider,
  ctx: Ctx,
): Promise<{ url: string }> {
  const { actor } = ctx
  if (provider.name !== 'stripe')
    throw new AppError('CONFLICT', { message: SUBSCRIPTION_TEXTS.portalUnavailable })
  const billing = await readSubscriptionState(db, actor.agencyId)
  refuseDemoAgency(billing)
  const { account } = billing
  if (!account?.stripeCustomerId)
    throw new AppError('CONFLICT', { message: SUBSCRIPTION_TEXTS.portalNoCustomer })
  let url: string
  try {
    url = await provider.openPortal(account.stripeCustomerId)
  } catch (error) {
    throw asProviderFailure(error)
  }
  await recordAudit(db, ctx, {
    action: 'billing.portal_opened',
    entity: { type: 'subscription', id: actor.agencyId },
  })
  return { url }
}
