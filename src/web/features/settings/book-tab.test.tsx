import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import {
  getBookSettingsCall,
  BOOK_SETTINGS_TEXTS as T,
  updateBookSettingsCall,
} from '#shared/contracts/policies-book-settings.contract.ts'
import { requestsTo } from '#web/features/clients/clients.test-support.ts'
import { mockApi, SAMPLE_USER, type Stub, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'

const PATH = '/settings?tab=book'
const FIRST_VISIT = { timeout: 12_000 }

function mockBookApi(...extra: Stub[]) {
  return mockApi(
    stub(currentUserCall, { body: SAMPLE_USER }),
    stub(unreadCountCall, { body: { unreadCount: 0 } }),
    stub(getBookSettingsCall, { body: { settings: { reinstatementWindowDays: 30 }, canEdit: true } }),
    ...extra,
  )
}

const windowField = () => screen.findByLabelText('Reinstatement window (days)', {}, FIRST_VISIT)

describe('Book tab', () => {
  it('shows the agency’s reinstatement window and saves a new one', async () => {
    const fetchMock = mockBookApi(
      stub(updateBookSettingsCall, ({ body }) => ({
        body: { settings: { reinstatementWindowDays: Number(body.reinstatementWindowDays) }, canEdit: true },
      })),
    )
    renderApp(PATH)
    const field = await windowField()
    expect(field).toHaveValue(30)
    fireEvent.change(field, { target: { value: '45' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(T.saved)).toBeInTheDocument()
    expect(requestsTo(fetchMock, 'PUT', '/api/settings/book').map(({ body }) => body)).toEqual([
      { reinstatementWindowDays: 45 },
    ])
    expect(field).toHaveValue(45)
  })

  it('puts the server’s refusal on the field', async () => {
    mockBookApi(
      stub(updateBookSettingsCall, {
        status: 400,
        body: {
          message: 'Check the highlighted fields',
          errors: [{ path: 'reinstatementWindowDays', message: T.windowInvalid }],
        },
      }),
    )
    renderApp(PATH)
    const field = await windowField()
    fireEvent.change(field, { target: { value: '400' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(T.windowInvalid)))
    expect(field).toHaveAttribute('aria-invalid', 'true')
  })

  it('shows an agent the window without letting them change it', async () => {
    const fetchMock = mockBookApi(
      stub(currentUserCall, { body: { ...SAMPLE_USER, role: 'agent' } }),
      stub(getBookSettingsCall, { body: { settings: { reinstatementWindowDays: 60 }, canEdit: false } }),
    )
    renderApp(PATH)
    const field = await windowField()
    expect(field).toHaveValue(60)
    expect(field).toBeDisabled()
    expect(screen.getByText(T.adminsOnly)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
    expect(requestsTo(fetchMock, 'PUT', '/api/settings/book')).toEqual([])
  })
})
