import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { recordPageViewCall } from '#shared/contracts/analytics.contract.ts'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { getOwnerDashboardCall, OWNER_TEXTS } from '#shared/contracts/owner.contract.ts'
import { mockApi, SAMPLE_USER, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'

describe('Owner Dashboard', () => {
  it('shows Access Denied when the data call fails (an agency admin gets 403)', async () => {
    mockApi(
      stub(currentUserCall, { body: SAMPLE_USER }),
      stub(unreadCountCall, { body: { unreadCount: 0 } }),
      stub(getOwnerDashboardCall, { status: 403, body: { message: 'Forbidden' } }),
    )
    renderApp('/owner-dashboard')
    expect(await screen.findByRole('heading', { name: OWNER_TEXTS.accessDenied })).toBeInTheDocument()
    expect(screen.getByText(OWNER_TEXTS.accessDeniedMessage)).toBeInTheDocument()
  })

  it('records the page view without the query string, unless the visitor refuses tracking', async () => {
    const privacy = vi.spyOn(
      navigator as Navigator & { globalPrivacyControl: boolean },
      'globalPrivacyControl',
      'get',
    )
    privacy.mockReturnValue(false)
    const fetchMock = mockApi(
      stub(currentUserCall, { body: SAMPLE_USER }),
      stub(unreadCountCall, { body: { unreadCount: 0 } }),
      stub(getOwnerDashboardCall, { status: 403, body: { message: 'Forbidden' } }),
      stub(recordPageViewCall, { status: 201, body: { recorded: true } }),
    )
    renderApp('/owner-dashboard?tab=users')
    await screen.findByRole('heading', { name: OWNER_TEXTS.accessDenied })
    // Sent once the page has loaded and the browser is idle.
    const views = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/analytics/page-views'))
    await waitFor(() => expect(views()).toHaveLength(1))
    expect(JSON.parse(String(views()[0]![1]!.body))).toMatchObject({ path: '/owner-dashboard' })
    privacy.mockRestore()
  })
})
