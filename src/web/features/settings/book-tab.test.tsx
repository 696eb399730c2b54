import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import {
  type BookSettings,
  getBookSettingsCall,
  BOOK_SETTINGS_TEXTS as T,
  updateBookSettingsCall,
} from '#shared/contracts/policies-book-settings.contract.ts'
import { requestsTo } from '#web/features/clients/clients.test-support.ts'
import { mockApi, SAMPLE_USER, type Stub, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'

const PATH = '/settings?tab=book'
const FIRST_VISIT = { timeout: 12_000 }

const SETTINGS: BookSettings = {
  reinstatementWindowDays: 30,
  renewalHorizonDays: 120,
  renewalMilestoneDays: { review: 90, remarket_decision: 60, quotes_compared: 45, client_contacted: 30 },
  renewalAtRiskPercent: 10,
  renewalAtRiskDollars: 500,
  timeZone: 'America/New_York',
}

function mockBookApi(...extra: Stub[]) {
  return mockApi(
    stub(currentUserCall, { body: SAMPLE_USER }),
    stub(unreadCountCall, { body: { unreadCount: 0 } }),
    stub(getBookSettingsCall, { body: { settings: SETTINGS, canEdit: true } }),
    ...extra,
  )
}

const windowField = () => screen.findByLabelText('Reinstatement window (days)', {}, FIRST_VISIT)

describe('Book tab', () => {
  it('shows the agency’s settings and saves them all, as numbers', async () => {
    const fetchMock = mockBookApi(
      stub(updateBookSettingsCall, ({ body }) => ({ body: { settings: body, canEdit: true } })),
    )
    renderApp(PATH)
    const field = await windowField()
    expect(field).toHaveValue(30)
    expect(screen.getByLabelText(T.horizonLabel)).toHaveValue(120)
    expect(screen.getByLabelText('Remarket decision')).toHaveValue(60)
    expect(screen.getByLabelText(T.timeZoneLabel)).toHaveValue('America/New_York')
    fireEvent.change(field, { target: { value: '45' } })
    fireEvent.change(screen.getByLabelText(T.horizonLabel), { target: { value: '150' } })
    fireEvent.change(screen.getByLabelText('Review'), { target: { value: '100' } })
    fireEvent.change(screen.getByLabelText(T.atRiskPercentLabel), { target: { value: '12' } })
    fireEvent.change(screen.getByLabelText(T.atRiskDollarsLabel), { target: { value: '750.50' } })
    fireEvent.change(screen.getByLabelText(T.timeZoneLabel), { target: { value: 'America/Chicago' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(T.saved)).toBeInTheDocument()
    expect(requestsTo(fetchMock, 'PUT', '/api/settings/book').map(({ body }) => body)).toEqual([
      {
        reinstatementWindowDays: 45,
        renewalHorizonDays: 150,
        renewalMilestoneDays: {
          review: 100,
          remarket_decision: 60,
          quotes_compared: 45,
          client_contacted: 30,
        },
        renewalAtRiskPercent: 12,
        renewalAtRiskDollars: 750.5,
        timeZone: 'America/Chicago',
      },
    ])
    expect(field).toHaveValue(45)
  })

  it('puts the server’s refusals on their fields, a milestone’s included', async () => {
    const milestoneMessage = 'Each milestone comes after the one before it: fewer days before expiry'
    mockBookApi(
      stub(updateBookSettingsCall, {
        status: 400,
        body: {
          message: 'Check the highlighted fields',
          errors: [
            { path: 'reinstatementWindowDays', message: T.windowInvalid },
            { path: 'renewalMilestoneDays.quotes_compared', message: milestoneMessage },
          ],
        },
      }),
    )
    renderApp(PATH)
    const field = await windowField()
    fireEvent.change(field, { target: { value: '400' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(T.windowInvalid)))
    expect(field).toHaveAttribute('aria-invalid', 'true')
    const quotes = screen.getByLabelText('Quotes compared')
    expect(quotes).toHaveAccessibleDescription(milestoneMessage)
    expect(quotes).toHaveAttribute('aria-invalid', 'true')
  })

  it('shows an agent the settings without letting them change them', async () => {
    const fetchMock = mockBookApi(
      stub(currentUserCall, { body: { ...SAMPLE_USER, role: 'agent' } }),
      stub(getBookSettingsCall, {
        body: {
          settings: { ...SETTINGS, reinstatementWindowDays: 60, timeZone: 'Pacific/Honolulu' },
          canEdit: false,
        },
      }),
    )
    renderApp(PATH)
    const field = await windowField()
    expect(field).toHaveValue(60)
    expect(field).toBeDisabled()
    expect(screen.getByLabelText(T.timeZoneLabel)).toHaveValue('Pacific/Honolulu')
    expect(screen.getByLabelText(T.timeZoneLabel)).toBeDisabled()
    expect(screen.getByText(T.adminsOnly)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
    expect(requestsTo(fetchMock, 'PUT', '/api/settings/book')).toEqual([])
  })
})
