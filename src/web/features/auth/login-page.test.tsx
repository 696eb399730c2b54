import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES, LOGIN_ERROR_MESSAGES, loginCall } from '#shared/contracts/auth.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { mockApi, SAMPLE_USER, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'

async function submitLogin(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
}

describe('Login page', () => {
  it('shows the spec messages for an invalid email and a missing password', async () => {
    renderApp('/login')
    await submitLogin('nope', '')
    expect(await screen.findByText(AUTH_MESSAGES.emailInvalid)).toBeInTheDocument()
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toBeInTheDocument()
  })

  it('shows the message of a sign-in redirect error code', async () => {
    renderApp('/login?error=google_not_configured')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      LOGIN_ERROR_MESSAGES.google_not_configured ?? '',
    )
  })

  it('ignores an unknown error code', async () => {
    renderApp('/login?error=constructor')
    await screen.findByRole('button', { name: 'Sign In' })
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('offers Google and the demo account as full page navigations', async () => {
    renderApp('/login')
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/api/auth/google',
    )
    expect(screen.getByRole('link', { name: 'Try Demo Account' })).toHaveAttribute(
      'href',
      '/api/auth/demo-login',
    )
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup')
  })

  it('toasts the server message when the credentials are refused, without a session-expiry redirect', async () => {
    mockApi(stub(loginCall, { status: 401, body: { message: AUTH_MESSAGES.invalidCredentials } }))
    const { router } = renderApp('/login')
    await submitLogin('dana@example.com', 'wrong password')
    expect(await screen.findByText(AUTH_MESSAGES.invalidCredentials)).toBeInTheDocument()
    expect(screen.getByText(AUTH_MESSAGES.loginFailedTitle)).toBeInTheDocument()
    expect(screen.queryByText(AUTH_MESSAGES.sessionExpired)).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('falls back to the generic failure text when the server gives no message', async () => {
    const fetchMock = mockApi()
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    renderApp('/login')
    await submitLogin('dana@example.com', 'secret123')
    expect(await screen.findByText(AUTH_MESSAGES.loginFailed)).toBeInTheDocument()
  })

  it('welcomes the user back and goes to /', async () => {
    mockApi(
      stub(loginCall, { body: { user: SAMPLE_USER } }),
      stub(unreadCountCall, { body: { unreadCount: 0 } }),
    )
    const { router } = renderApp('/login')
    await submitLogin('Dana@Example.com', 'secret123')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(await screen.findByText(AUTH_MESSAGES.loginSuccess)).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument()
  })
})
