import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import {
  createCalendarFeedCall,
  getCalendarFeedCall,
  revokeCalendarFeedCall,
  CALENDAR_FEED_TEXTS as T,
} from '#shared/contracts/renewals-calendar.contract.ts'
import { getNotificationPreferencesCall } from '#shared/contracts/settings.contract.ts'
import { requestsTo } from '#web/features/clients/clients.test-support.ts'
import { mockApi, SAMPLE_USER, type Stub, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'

const PATH = '/settings?tab=notifications'
const FIRST_VISIT = { timeout: 12_000 }
const CREATED_AT = '2026-11-02T15:00:00.000Z'
const ADDRESS =
  'https://agency.example/api/renewals/calendar.ics?token=Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5'
const NONE = { url: null, active: false, createdAt: null }
const ACTIVE = { url: null, active: true, createdAt: CREATED_AT }

function mockFeedApi(feed: typeof NONE | typeof ACTIVE, ...extra: Stub[]) {
  return mockApi(
    stub(currentUserCall, { body: SAMPLE_USER }),
    stub(unreadCountCall, { body: { unreadCount: 0 } }),
    stub(getNotificationPreferencesCall, {
      body: {
        applicationUpdates: true,
        marketingEmails: false,
        securityAlerts: true,
        weeklyReports: true,
        renewalReminders: true,
      },
    }),
    stub(getCalendarFeedCall, { body: feed }),
    stub(createCalendarFeedCall, { body: { url: ADDRESS, active: true, createdAt: CREATED_AT } }),
    stub(revokeCalendarFeedCall, { body: NONE }),
    ...extra,
  )
}

describe('Settings › Notifications › Calendar feed', () => {
  it('creates the address and shows it once, with a copy button', async () => {
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    const fetchMock = mockFeedApi(NONE)
    renderApp(PATH)
    expect(await screen.findByText(T.none, {}, FIRST_VISIT)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: T.create }))
    const field = await screen.findByLabelText(T.addressLabel)
    expect(field).toHaveValue(ADDRESS)
    expect(field).toHaveAttribute('readonly')
    expect(field).toHaveAccessibleDescription(T.addressHint)
    fireEvent.click(screen.getByRole('button', { name: `Copy ${T.addressLabel}` }))
    expect(await screen.findByRole('button', { name: `Copied ${T.addressLabel}` })).toBeInTheDocument()
    expect(writeText).toHaveBeenCalledWith(ADDRESS)
    expect(requestsTo(fetchMock, 'POST', '/api/renewals/calendar-feed')).toHaveLength(1)
    vi.unstubAllGlobals()
  })

  it('replaces the address of a feed in use after a warning, and can cancel', async () => {
    const fetchMock = mockFeedApi(ACTIVE)
    renderApp(PATH)
    expect(await screen.findByText(/Your feed is on since/, {}, FIRST_VISIT)).toBeInTheDocument()
    expect(screen.queryByLabelText(T.addressLabel)).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: T.replace }))
    expect(screen.getByText(T.replaceWarning)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: T.cancel }))
    expect(screen.queryByText(T.replaceWarning)).not.toBeInTheDocument()
    expect(requestsTo(fetchMock, 'POST', '/api/renewals/calendar-feed')).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: T.replace }))
    fireEvent.click(screen.getByRole('button', { name: T.replace }))
    expect(await screen.findByLabelText(T.addressLabel)).toHaveValue(ADDRESS)
    expect(requestsTo(fetchMock, 'POST', '/api/renewals/calendar-feed')).toHaveLength(1)
  })

  it('turns the feed off after a warning', async () => {
    const fetchMock = mockFeedApi(ACTIVE)
    renderApp(PATH)
    fireEvent.click(await screen.findByRole('button', { name: T.revoke }, FIRST_VISIT))
    const warning = screen.getByText(T.revokeWarning).closest('[role="status"]') as HTMLElement
    fireEvent.click(within(warning).getByRole('button', { name: T.revoke }))
    expect(await screen.findByText(T.none)).toBeInTheDocument()
    expect(await screen.findByText(T.revoked)).toBeInTheDocument()
    expect(requestsTo(fetchMock, 'DELETE', '/api/renewals/calendar-feed')).toHaveLength(1)
  })
})
