import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import {
  type CheckoutSession,
  createCheckoutCall,
  getTestCheckoutCall,
  payTestCheckoutCall,
  SUBSCRIPTION_TEXTS,
} from '#shared/contracts/billing.contract.ts'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { goToPage } from '#web/lib/browser-location.ts'
import { mockApi, SAMPLE_USER, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'

vi.mock('#web/lib/browser-location.ts', () => ({ goToPage: vi.fn() }))

const CHECKOUT: CheckoutSession = {
  id: '5d2b7a53-9f0e-4f5c-8d0a-3c8c4b1e9a10',
  planCode: 'professional',
  planName: 'Professional',
  billingPeriod: 'monthly',
  amount: 49.99,
  kind: 'new',
  status: 'open',
  testMode: true,
}
const CHECKOUT_PATH = `/api/subscription/test-checkout/${CHECKOUT.id}`

describe('test checkout page', () => {
  it('shows the test-mode banner, the plan, the period and the amount, and pays', async () => {
    const fetchMock = mockApi(
      stub(currentUserCall, { body: SAMPLE_USER }),
      stub(getTestCheckoutCall, { body: CHECKOUT }),
      stub(payTestCheckoutCall, { body: { redirectUrl: '/success?plan=professional&session_id=s1' } }),
    )
    renderApp(`/test-checkout/${CHECKOUT.id}`)
    expect(await screen.findByText(SUBSCRIPTION_TEXTS.testModeBanner)).toBeInTheDocument()
    expect(await screen.findByText('Professional')).toBeInTheDocument()
    expect(screen.getByText('monthly')).toBeInTheDocument()
    expect(screen.getByText('$49.99')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }))
    await waitFor(() => expect(goToPage).toHaveBeenCalledWith('/success?plan=professional&session_id=s1'))
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === `${CHECKOUT_PATH}/pay` && init?.method === 'POST'),
    ).toBe(true)
  })

  it('says a closed checkout is no longer open and offers no Pay button', async () => {
    mockApi(
      stub(currentUserCall, { body: SAMPLE_USER }),
      stub(getTestCheckoutCall, { body: { ...CHECKOUT, status: 'paid' } }),
    )
    renderApp(`/test-checkout/${CHECKOUT.id}`)
    expect(await screen.findByText(SUBSCRIPTION_TEXTS.checkoutNotOpen)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument()
  })
})

describe('payment result pages', () => {
  it('names the plan and the session on /success', async () => {
    mockApi(stub(currentUserCall, { body: SAMPLE_USER }))
    renderApp('/success?session_id=cs_123&plan=enterprise')
    expect(
      await screen.findByRole('heading', { name: SUBSCRIPTION_TEXTS.paymentSuccessful }),
    ).toBeInTheDocument()
    expect(screen.getByText('Enterprise')).toBeInTheDocument()
    expect(screen.getByText('cs_123')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/')
  })

  it('says nothing was charged on /cancel and offers Try Again', async () => {
    mockApi(stub(currentUserCall, { body: SAMPLE_USER }))
    renderApp('/cancel')
    expect(
      await screen.findByRole('heading', { name: SUBSCRIPTION_TEXTS.paymentCancelled }),
    ).toBeInTheDocument()
    expect(screen.getByText(SUBSCRIPTION_TEXTS.nothingCharged)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/setup-payment')
  })

  it('starts the Starter checkout from /setup-payment and reports a missing URL', async () => {
    mockApi(
      stub(currentUserCall, { body: SAMPLE_USER }),
      stub(createCheckoutCall, ({ body }) =>
        body.planCode === 'starter'
          ? { body: { url: '', change: 'checkout' as const, effectiveAt: null } }
          : { status: 400, body: { message: 'x' } },
      ),
    )
    renderApp('/setup-payment')
    expect(await screen.findByText('$29.99')).toBeInTheDocument()
    expect(screen.getByText('50 applications per month')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }))
    expect(await screen.findByText(SUBSCRIPTION_TEXTS.noCheckoutUrl)).toBeInTheDocument()
    expect(screen.getByText(SUBSCRIPTION_TEXTS.checkoutFailedTitle)).toBeInTheDocument()
    expect(goToPage).not.toHaveBeenCalled()
  })

  it('sends an agency already paying for a plan to the billing screen instead of a second checkout', async () => {
    const fetchMock = mockApi(
      stub(currentUserCall, { body: { ...SAMPLE_USER, subscriptionTier: 'enterprise' } }),
    )
    renderApp('/setup-payment')
    expect(await screen.findByText('Your agency is already on the Enterprise plan.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Subscription and Billing' })).toHaveAttribute(
      'href',
      '/subscription',
    )
    expect(screen.queryByRole('button', { name: 'Continue to Payment' })).not.toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('checkout'))).toBe(false)
  })
})
