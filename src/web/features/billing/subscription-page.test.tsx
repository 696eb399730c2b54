import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import {
  createCheckoutCall,
  listPlansCall,
  SUBSCRIPTION_TEXTS as T,
} from '#shared/contracts/billing.contract.ts'
import {
  cancelSubscriptionCall,
  currentSubscriptionCall,
  listInvoicesCall,
} from '#shared/contracts/billing-subscription.contract.ts'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { goToPage } from '#web/lib/browser-location.ts'
import { mockApi, SAMPLE_USER, type Stub, stub, UNAUTHORIZED } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { sampleSubscription } from '#web/testing/sample-subscription.ts'

vi.mock('#web/lib/browser-location.ts', () => ({ goToPage: vi.fn() }))

function mockBilling(subscription = sampleSubscription(), ...extra: Stub[]) {
  return mockApi(
    stub(currentUserCall, { body: { ...SAMPLE_USER, subscriptionTier: subscription.subscriptionTier } }),
    stub(unreadCountCall, { body: { unreadCount: 0 } }),
    stub(currentSubscriptionCall, { body: subscription }),
    stub(listInvoicesCall, { body: { data: [] } }),
    ...extra,
  )
}

const planCard = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li')!

describe('/subscription for a visitor', () => {
  it('shows the plan chooser in both periods, each plan leading to signup', async () => {
    mockApi(stub(currentUserCall, UNAUTHORIZED), stub(listPlansCall, { status: 404 }))
    renderApp('/subscription')
    expect(await screen.findByRole('heading', { level: 1, name: T.visitorHeading })).toBeInTheDocument()
    expect(within(planCard('Starter')).getByText('$29.99')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Yearly' }))
    expect(within(planCard('Starter')).getByText('$25.00')).toBeInTheDocument()
    expect(within(planCard('Starter')).getByText('Billed $299.99 yearly')).toBeInTheDocument()
    expect(screen.getByText(T.saveBadge)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: `${T.getStarted} with Executive` })).toHaveAttribute(
      'href',
      '/signup',
    )
  })
})

describe('/subscription signed in', () => {
  it('shows a free agency its plan and usage, without the hint or a cancel card', async () => {
    mockBilling(sampleSubscription('free', { applicationsUsedThisMonth: 0 }))
    renderApp('/subscription')
    expect(await screen.findByText('0 of 5 applications')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Applications used this month' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    )
    expect(screen.queryByText(T.usageHint)).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: T.cancelSubscription })).not.toBeInTheDocument()
    expect(within(planCard('Free')).getByRole('button', { name: T.currentPlan })).toBeDisabled()
    expect(screen.getByText(T.testModeBanner)).toBeInTheDocument()
  })

  it('hints at upgrading from 80% of the limit', async () => {
    mockBilling(sampleSubscription('free', { applicationsUsedThisMonth: 4 }))
    renderApp('/subscription')
    expect(await screen.findByText('4 of 5 applications')).toBeInTheDocument()
    expect(screen.getByText(T.usageHint)).toBeInTheDocument()
  })

  it('upgrades with the chosen plan and period and goes to the checkout', async () => {
    const fetchMock = mockBilling(
      sampleSubscription('free'),
      stub(createCheckoutCall, {
        body: {
          url: '/test-checkout/5d2b7a53-9f0e-4f5c-8d0a-3c8c4b1e9a10',
          change: 'checkout',
          effectiveAt: null,
        },
      }),
    )
    renderApp('/subscription')
    fireEvent.click(await screen.findByRole('button', { name: 'Yearly' }))
    fireEvent.click(screen.getByRole('button', { name: `${T.upgrade} to Professional` }))
    await waitFor(() =>
      expect(goToPage).toHaveBeenCalledWith('/test-checkout/5d2b7a53-9f0e-4f5c-8d0a-3c8c4b1e9a10'),
    )
    const sent = fetchMock.mock.calls.find(([url]) => String(url) === '/api/subscription/checkout')!
    expect(JSON.parse(String(sent[1]!.body))).toEqual({ planCode: 'professional', billingPeriod: 'yearly' })
  })

  it("toasts the spec's message when the upgrade cannot start", async () => {
    mockBilling(
      sampleSubscription('free'),
      stub(createCheckoutCall, { status: 500, body: { message: 'Something went wrong' } }),
    )
    renderApp('/subscription')
    fireEvent.click(await screen.findByRole('button', { name: `${T.upgrade} to Starter` }))
    expect(await screen.findByText(T.upgradeFailed)).toBeInTheDocument()
  })

  it('schedules a downgrade after asking, and says when it takes effect', async () => {
    const fetchMock = mockBilling(
      sampleSubscription('professional'),
      stub(createCheckoutCall, {
        body: { url: '/subscription', change: 'scheduled', effectiveAt: '2026-12-25T12:00:00.000Z' },
      }),
    )
    renderApp('/subscription')
    fireEvent.click(await screen.findByRole('button', { name: `${T.downgrade} to Starter` }))
    const dialog = await screen.findByRole('dialog', { name: 'Move to the Starter plan?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move to Starter' }))
    expect(await screen.findByText('Your plan changes to Starter on Dec 25, 2026.')).toBeInTheDocument()
    expect(goToPage).not.toHaveBeenCalledWith('/subscription')
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/subscription/current').length).toBe(2)
  })

  it('cancels a paid plan after asking, with the spec’s toast, and shows the access-until date', async () => {
    let cancelled = false
    mockApi(
      stub(currentUserCall, { body: { ...SAMPLE_USER, subscriptionTier: 'starter' } }),
      stub(unreadCountCall, { body: { unreadCount: 0 } }),
      stub(listInvoicesCall, { body: { data: [] } }),
      stub(currentSubscriptionCall, () => ({
        body: sampleSubscription('starter', { cancelAtPeriodEnd: cancelled }),
      })),
      stub(cancelSubscriptionCall, () => {
        cancelled = true
        return { body: { message: T.canceledDescription, subscriptionEndsAt: '2026-12-25T12:00:00.000Z' } }
      }),
    )
    renderApp('/subscription')
    expect(await screen.findByText('Renews on')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: T.cancelSubscription }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: T.cancelSubscription }))
    expect(await screen.findByText(T.canceledTitle)).toBeInTheDocument()
    expect(screen.getByText(T.canceledDescription)).toBeInTheDocument()
    expect(await screen.findByText('Access until')).toBeInTheDocument()
    expect(screen.getAllByText('Dec 25, 2026').length).toBeGreaterThan(0)
  })

  it('shows an agent the plans without letting them change anything', async () => {
    mockApi(
      stub(currentUserCall, { body: { ...SAMPLE_USER, role: 'agent', subscriptionTier: 'starter' } }),
      stub(unreadCountCall, { body: { unreadCount: 0 } }),
      stub(currentSubscriptionCall, { body: sampleSubscription('starter') }),
      stub(listInvoicesCall, { body: { data: [] } }),
    )
    renderApp('/subscription')
    expect(await screen.findByText(T.onlyAdmins)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: `${T.upgrade} to Enterprise` })).toBeDisabled()
    expect(screen.getByRole('button', { name: T.cancelSubscription })).toBeDisabled()
  })

  it('warns of a payment past due, on the page and in the shell', async () => {
    mockApi(
      stub(currentUserCall, {
        body: { ...SAMPLE_USER, subscriptionStatus: 'past_due', subscriptionTier: 'starter' },
      }),
      stub(unreadCountCall, { body: { unreadCount: 0 } }),
      stub(listInvoicesCall, { body: { data: [] } }),
      stub(currentSubscriptionCall, {
        body: sampleSubscription('starter', {
          status: 'past_due',
          subscriptionStatus: 'past_due',
          pastDueSince: '2026-11-20T12:00:00.000Z',
          graceEndsAt: '2026-11-27T12:00:00.000Z',
        }),
      }),
    )
    renderApp('/subscription')
    expect(await screen.findByText(/New applications can be created until Nov 27, 2026/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Review billing' })).toHaveAttribute('href', '/subscription')
  })
})
