import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { acceptInvitationCall, previewInvitationCall } from '#shared/contracts/onboarding-agents.contract.ts'
import { ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { mockApi, stub, UNAUTHORIZED } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'

afterEach(() => {
  vi.unstubAllGlobals()
  window.location.hash = ''
})

const TOKEN = 'a'.repeat(43)
const invitation = {
  agencyName: 'Reyes Insurance',
  firstName: 'Nadia',
  lastName: 'Brooks',
  email: 'nadia@example.com',
  expiresAt: '2030-01-01T00:00:00.000Z',
}

describe('/join-agency', () => {
  it('sends the token from after # in the body, sets the password and goes to sign-in', async () => {
    window.location.hash = TOKEN
    const fetchMock = mockApi(
      stub(currentUserCall, UNAUTHORIZED),
      stub(previewInvitationCall, { body: invitation }),
      stub(acceptInvitationCall, {
        body: { email: invitation.email, agencyName: invitation.agencyName },
      }),
    )
    const { router } = renderApp('/join-agency')
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Reyes Insurance' })).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } })
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'short' } })
    fireEvent.click(screen.getByRole('button', { name: 'Set password and join' }))
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long enough now' } })
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'long enough now' } })
    fireEvent.click(screen.getByRole('button', { name: 'Set password and join' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    const accept = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/invitations/accept'))
    expect(JSON.parse(String(accept![1]!.body))).toEqual({ token: TOKEN, password: 'long enough now' })
    expect(fetchMock.mock.calls.every(([input]) => !String(input).includes(TOKEN))).toBe(true)
  })

  it('says when the link has been used or is not valid', async () => {
    window.location.hash = TOKEN
    mockApi(
      stub(currentUserCall, UNAUTHORIZED),
      stub(previewInvitationCall, { status: 409, body: { message: T.invitationUsed } }),
    )
    renderApp('/join-agency')
    expect(await screen.findByText(T.invitationUsed)).toBeInTheDocument()
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument()
  })
})
