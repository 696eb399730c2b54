import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { SECURITY_MESSAGES, securityStatusCall } from '#shared/contracts/auth-security.contract.ts'
import {
  currentSubscriptionCall,
  openBillingPortalCall,
} from '#shared/contracts/billing-subscription.contract.ts'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { getCalendarFeedCall } from '#shared/contracts/renewals-calendar.contract.ts'
import {
  getBrandingCall,
  getNotificationPreferencesCall,
  SETTINGS_TEXTS as T,
  updateNotificationPreferencesCall,
  updateProfileCall,
} from '#shared/contracts/settings.contract.ts'
import { goToPage } from '#web/lib/browser-location.ts'
import { mockApi, SAMPLE_USER, type Stub, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { sampleSubscription } from '#web/testing/sample-subscription.ts'

vi.mock('#web/lib/browser-location.ts', () => ({ goToPage: vi.fn() }))

const PREFERENCES = {
  applicationUpdates: true,
  marketingEmails: false,
  securityAlerts: true,
  weeklyReports: true,
  renewalReminders: true,
}

function mockSettingsApi(...extra: Stub[]) {
  return mockApi(
    stub(currentUserCall, { body: SAMPLE_USER }),
    stub(unreadCountCall, { body: { unreadCount: 0 } }),
    stub(getNotificationPreferencesCall, { body: PREFERENCES }),
    stub(getCalendarFeedCall, { body: { url: null, active: false, createdAt: null } }),
    stub(currentSubscriptionCall, { body: sampleSubscription('free') }),
    ...extra,
  )
}

function callsTo(fetchMock: ReturnType<typeof mockApi>, method: string, pathname: string) {
  return fetchMock.mock.calls
    .filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method && new URL(String(input), 'http://x').pathname === pathname,
    )
    .map(([, init]) => JSON.parse(String(init?.body)))
}

const SECURITY_STATUS = {
  twoFactorEnabled: false,
  twoFactorEnabledAt: null,
  recoveryCodesLeft: 0,
  agencyRequiresTwoFactor: false,
  demoAccount: false,
}

const field = (name: string) => document.querySelector<HTMLInputElement>(`[name=${name}]`)!

describe('Settings page', () => {
  it("shows the spec's tabs, Branding only on the executive plan, then Book and Security", async () => {
    mockSettingsApi()
    const { unmount } = renderApp('/settings')
    await screen.findByRole('tab', { name: 'Profile' })
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Notifications',
      'Subscription',
      'Book',
      'Privacy & Data',
      'Security',
    ])
    unmount()
    mockSettingsApi(
      stub(currentUserCall, { body: { ...SAMPLE_USER, subscriptionTier: 'executive' } }),
      stub(getBrandingCall, { status: 500, body: { message: 'x' } }),
    )
    renderApp('/settings')
    await screen.findByRole('tab', { name: 'Branding' })
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Notifications',
      'Subscription',
      'Branding',
      'Book',
      'Privacy & Data',
      'Security',
    ])
  })
})

describe('Profile tab', () => {
  it('sends the names alone with PUT, asking no password, and refreshes the current user', async () => {
    const fetchMock = mockSettingsApi(stub(updateProfileCall, ({ body }) => ({ body: { profile: body } })))
    renderApp('/settings?tab=profile')
    await waitFor(() => expect(field('firstName').value).toBe('Dana'))
    fireEvent.change(field('lastName'), { target: { value: 'Hart' } })
    // The same email typed in capitals is no change of sign-in email.
    fireEvent.change(field('email'), { target: { value: 'DANA@example.com' } })
    expect(screen.queryByLabelText(T.currentPasswordLabel)).not.toBeInTheDocument()
    const userReads = fetchMock.mock.calls.length
    fireEvent.click(screen.getByRole('button', { name: T.updateProfile }))
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', '/api/settings/profile')).toEqual([
        { firstName: 'Dana', lastName: 'Hart', email: 'DANA@example.com' },
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

  it('asks for the current password once the email changes, and shows a wrong one on its field', async () => {
    let attempts = 0
    const fetchMock = mockSettingsApi(
      stub(securityStatusCall, { body: { hasPassword: true, ...SECURITY_STATUS } }),
      stub(updateProfileCall, ({ body }) =>
        ++attempts === 1
          ? {
              status: 400,
              body: {
                message: SECURITY_MESSAGES.currentPasswordWrong,
                errors: [{ path: 'currentPassword', message: SECURITY_MESSAGES.currentPasswordWrong }],
              },
            }
          : { body: { profile: body } },
      ),
    )
    renderApp('/settings?tab=profile')
    await waitFor(() => expect(field('email').value).toBe('dana@example.com'))
    fireEvent.change(field('email'), { target: { value: 'dana.hart@example.com' } })
    const password = await screen.findByLabelText(T.currentPasswordLabel)
    expect(password).toHaveAccessibleDescription(T.emailChangeNeedsPassword)
    fireEvent.change(password, { target: { value: 'not it' } })
    fireEvent.click(screen.getByRole('button', { name: T.updateProfile }))
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(
        expect.stringContaining(SECURITY_MESSAGES.currentPasswordWrong),
      ),
    )
    fireEvent.change(password, { target: { value: 'my password' } })
    fireEvent.click(screen.getByRole('button', { name: T.updateProfile }))
    expect(await screen.findByText(T.profileUpdated)).toBeInTheDocument()
    expect(callsTo(fetchMock, 'PUT', '/api/settings/profile')[1]).toEqual({
      firstName: 'Dana',
      lastName: 'Reyes',
      email: 'dana.hart@example.com',
      currentPassword: 'my password',
    })
  })

  it("toasts 'Failed to update profile' and puts the server's message on the email", async () => {
    mockSettingsApi(
      stub(updateProfileCall, {
        status: 409,
        body: { message: T.emailTaken, errors: [{ path: 'email', message: T.emailTaken }] },
      }),
    )
    renderApp('/settings')
    await waitFor(() => expect(field('email').value).toBe('dana@example.com'))
    fireEvent.click(screen.getByRole('button', { name: T.updateProfile }))
    expect(await screen.findByText(T.profileFailed)).toBeInTheDocument()
    await waitFor(() => expect(field('email')).toHaveAccessibleDescription(T.emailTaken))
  })
})

describe('Notifications tab', () => {
  it('shows the preferences, renewal reminders included, and saves one at once when it is switched', async () => {
    const fetchMock = mockSettingsApi(
      stub(updateNotificationPreferencesCall, ({ body }) => ({
        body: { ...PREFERENCES, ...(body as object) },
      })),
    )
    renderApp('/settings?tab=notifications')
    const weekly = await screen.findByRole('switch', { name: 'Weekly reports' })
    expect(weekly).toHaveAttribute('aria-checked', 'true')
    expect(screen.getByRole('switch', { name: 'Marketing emails' })).toHaveAttribute('aria-checked', 'false')
    expect(screen.getByRole('switch', { name: 'Renewal reminders' })).toHaveAttribute('aria-checked', 'true')
    fireEvent.click(weekly)
    await waitFor(() => expect(weekly).toHaveAttribute('aria-checked', 'false'))
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', '/api/settings/notifications')).toEqual([{ weeklyReports: false }]),
    )
  })

  it("puts the switch back and toasts 'Failed to update notifications' when the save fails", async () => {
    mockSettingsApi(stub(updateNotificationPreferencesCall, { status: 500, body: { message: 'Down' } }))
    renderApp('/settings?tab=notifications')
    const marketing = await screen.findByRole('switch', { name: 'Marketing emails' })
    fireEvent.click(marketing)
    expect(await screen.findByText(T.notificationsFailed)).toBeInTheDocument()
    await waitFor(() => expect(marketing).toHaveAttribute('aria-checked', 'false'))
  })
})

describe('Subscription tab', () => {
  it('shows the plan, its status and monthly cost, and links to the billing page', async () => {
    mockSettingsApi(stub(currentSubscriptionCall, { body: sampleSubscription('professional') }))
    renderApp('/settings?tab=subscription')
    expect(await screen.findByText('Professional')).toBeInTheDocument()
    expect(screen.getByText(T.monthlyCost)).toBeInTheDocument()
    expect(screen.getByText('$49.99 per month')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: T.manageSubscription })).toHaveAttribute('href', '/subscription')
  })

  it('shows the yearly price per year for an agency billed yearly', async () => {
    mockSettingsApi(
      stub(currentSubscriptionCall, {
        body: sampleSubscription('professional', {
          plan: { code: 'professional', name: 'Professional', price: 499.99, billingPeriod: 'yearly' },
        }),
      }),
    )
    renderApp('/settings?tab=subscription')
    expect(await screen.findByText(T.yearlyCost)).toBeInTheDocument()
    expect(screen.getByText('$499.99 per year')).toBeInTheDocument()
    expect(screen.queryByText(/per month/)).not.toBeInTheDocument()
  })

  it("opens Stripe's Customer Portal from 'Manage Subscription' when the agency pays through Stripe", async () => {
    mockSettingsApi(
      stub(currentSubscriptionCall, {
        body: sampleSubscription('starter', { testMode: false, portalAvailable: true }),
      }),
      stub(openBillingPortalCall, { body: { url: 'https://billing.stripe.com/p/session/test_1' } }),
    )
    renderApp('/settings?tab=subscription')
    fireEvent.click(await screen.findByRole('button', { name: T.manageSubscription }))
    await waitFor(() => expect(goToPage).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_1'))
  })
})
