import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { SETTINGS_TEXTS as T } from '#shared/contracts/settings.contract.ts'
import { goToPage } from '#web/lib/browser-location.ts'
import { type MockAnswer, mockApi, SAMPLE_USER } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { sampleSubscription } from '#web/testing/sample-subscription.ts'

vi.mock('#web/lib/browser-location.ts', () => ({ goToPage: vi.fn() }))

const PREFERENCES = {
  applicationUpdates: true,
  marketingEmails: false,
  securityAlerts: true,
  weeklyReports: true,
}

function mockSettingsApi(extra: Record<string, MockAnswer | ((r: { body: unknown }) => MockAnswer)> = {}) {
  return mockApi({
    'GET /api/auth/user': { body: SAMPLE_USER },
    'GET /api/notifications/unread-count': { body: { unreadCount: 0 } },
    'GET /api/settings/notifications': { body: PREFERENCES },
    'GET /api/subscription/current': { body: sampleSubscription('free') },
    ...extra,
  })
}

function callsTo(fetchMock: ReturnType<typeof mockApi>, method: string, pathname: string) {
  return fetchMock.mock.calls
    .filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method && new URL(String(input), 'http://x').pathname === pathname,
    )
    .map(([, init]) => JSON.parse(String(init?.body)))
}

const field = (name: string) => document.querySelector<HTMLInputElement>(`[name=${name}]`)!

describe('Settings page', () => {
  it("shows the spec's tabs, Branding only on the executive plan, then Security", async () => {
    mockSettingsApi()
    const { unmount } = renderApp('/settings')
    await screen.findByRole('tab', { name: 'Profile' })
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Notifications',
      'Subscription',
      'Privacy & Data',
      'Security',
    ])
    unmount()
    mockSettingsApi({
      'GET /api/auth/user': { body: { ...SAMPLE_USER, subscriptionTier: 'executive' } },
      'GET /api/settings/branding': { status: 500, body: { message: 'x' } },
    })
    renderApp('/settings')
    await screen.findByRole('tab', { name: 'Branding' })
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Notifications',
      'Subscription',
      'Branding',
      'Privacy & Data',
      'Security',
    ])
  })
})

describe('Profile tab', () => {
  it('sends the three fields with PUT and refreshes the current user', async () => {
    const fetchMock = mockSettingsApi({
      'PUT /api/settings/profile': ({ body }) => ({ body: { profile: body } }),
    })
    renderApp('/settings?tab=profile')
    await waitFor(() => expect(field('firstName').value).toBe('Dana'))
    fireEvent.change(field('lastName'), { target: { value: 'Hart' } })
    fireEvent.change(field('email'), { target: { value: 'dana.hart@example.com' } })
    const userReads = fetchMock.mock.calls.length
    fireEvent.click(screen.getByRole('button', { name: T.updateProfile }))
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', '/api/settings/profile')).toEqual([
        { firstName: 'Dana', lastName: 'Hart', email: 'dana.hart@example.com' },
      ]),
    )
    expect(await screen.findByText(T.profileUpdated)).toBeInTheDocument()
    await waitFor(() => {
      const reads = fetchMock.mock.calls
        .slice(userReads)
        .filter(([input]) => String(input) === '/api/auth/user')
      expect(reads.length).toBeGreaterThan(0)
    })
  })

  it("toasts 'Failed to update profile' and puts the server's message on the email", async () => {
    mockSettingsApi({
      'PUT /api/settings/profile': {
        status: 409,
        body: { message: T.emailTaken, errors: [{ path: 'email', message: T.emailTaken }] },
      },
    })
    renderApp('/settings')
    await waitFor(() => expect(field('email').value).toBe('dana@example.com'))
    fireEvent.click(screen.getByRole('button', { name: T.updateProfile }))
    expect(await screen.findByText(T.profileFailed)).toBeInTheDocument()
    await waitFor(() => expect(field('email')).toHaveAccessibleDescription(T.emailTaken))
  })
})

describe('Notifications tab', () => {
  it('shows the four preferences and saves one at once when it is switched', async () => {
    const fetchMock = mockSettingsApi({
      'PUT /api/settings/notifications': ({ body }) => ({ body: { ...PREFERENCES, ...(body as object) } }),
    })
    renderApp('/settings?tab=notifications')
    const weekly = await screen.findByRole('switch', { name: 'Weekly reports' })
    expect(weekly).toHaveAttribute('aria-checked', 'true')
    expect(screen.getByRole('switch', { name: 'Marketing emails' })).toHaveAttribute('aria-checked', 'false')
    fireEvent.click(weekly)
    await waitFor(() => expect(weekly).toHaveAttribute('aria-checked', 'false'))
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', '/api/settings/notifications')).toEqual([{ weeklyReports: false }]),
    )
  })

  it("puts the switch back and toasts 'Failed to update notifications' when the save fails", async () => {
    mockSettingsApi({ 'PUT /api/settings/notifications': { status: 500, body: { message: 'Down' } } })
    renderApp('/settings?tab=notifications')
    const marketing = await screen.findByRole('switch', { name: 'Marketing emails' })
    fireEvent.click(marketing)
    expect(await screen.findByText(T.notificationsFailed)).toBeInTheDocument()
    await waitFor(() => expect(marketing).toHaveAttribute('aria-checked', 'false'))
  })
})

describe('Subscription tab', () => {
  it('shows the plan, its status and monthly cost, and links to the billing page', async () => {
    mockSettingsApi({
      'GET /api/subscription/current': { body: sampleSubscription('professional') },
    })
    renderApp('/settings?tab=subscription')
    expect(await screen.findByText('Professional')).toBeInTheDocument()
    expect(screen.getByText(T.monthlyCost)).toBeInTheDocument()
    expect(screen.getByText('$49.99 per month')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: T.manageSubscription })).toHaveAttribute('href', '/subscription')
  })

  it('shows the yearly price per year for an agency billed yearly', async () => {
    mockSettingsApi({
      'GET /api/subscription/current': {
        body: sampleSubscription('professional', {
          plan: { code: 'professional', name: 'Professional', price: 499.99, billingPeriod: 'yearly' },
        }),
      },
    })
    renderApp('/settings?tab=subscription')
    expect(await screen.findByText(T.yearlyCost)).toBeInTheDocument()
    expect(screen.getByText('$499.99 per year')).toBeInTheDocument()
    expect(screen.queryByText(/per month/)).not.toBeInTheDocument()
  })

  it("opens Stripe's Customer Portal from 'Manage Subscription' when the agency pays through Stripe", async () => {
    mockSettingsApi({
      'GET /api/subscription/current': {
        body: sampleSubscription('starter', { testMode: false, portalAvailable: true }),
      },
      'POST /api/billing/portal': { body: { url: 'https://billing.stripe.com/p/session/test_1' } },
    })
    renderApp('/settings?tab=subscription')
    fireEvent.click(await screen.findByRole('button', { name: T.manageSubscription }))
    await waitFor(() => expect(goToPage).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_1'))
  })
})
