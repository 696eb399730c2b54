/**
 * Where a paid plan is paid. The built-in test provider (no STRIPE_SECRET_KEY) sends the browser
 * to our own test checkout page, labelled as test mode; the Stripe adapter arrives with billing.
 */
export interface PaymentProvider {
  readonly name: 'test' | 'stripe'
  createCheckoutUrl(checkout: {
    id: string
    planCode: string
    billingPeriod: string
    amountCents: number
  }): Promise<{
    url: string
    externalId?: string
  }>
}

export const testPaymentProvider: PaymentProvider = {
  name: 'test',
  async createCheckoutUrl(checkout) {
    return { url: `/test-checkout/${checkout.id}` }
  },
}
