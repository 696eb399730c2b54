import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { mockApi, stub, UNAUTHORIZED } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { GOOGLE_ACCOUNT_DEFAULTS, readGoogleSuccess } from './google-success.ts'
import { GOOGLE_SUCCESS_TITLE } from './google-success-screen.tsx'

const GOOGLE_QUERY =
  '?auth=success&provider=google&name=Ana%20Lima&email=ana%40example.com&verified=true&picture=https%3A%2F%2Fexample.com%2Fa.png'

describe('Google success screen', () => {
  it('replaces the page with the account from the query string', async () => {
    renderApp(`/clients${GOOGLE_QUERY}`)
    expect(await screen.findByRole('heading', { level: 1, name: GOOGLE_SUCCESS_TITLE })).toBeInTheDocument()
    expect(screen.getByText('Ana Lima')).toBeInTheDocument()
    expect(screen.getByText('ana@example.com')).toBeInTheDocument()
    expect(screen.getByText('Verified')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Profile of Ana Lima' })).toHaveAttribute(
      'src',
      'https://example.com/a.png',
    )
  })

  it('uses defaults when the account fields are absent', async () => {
    renderApp('/?auth=success&provider=google')
    expect(await screen.findByText(GOOGLE_ACCOUNT_DEFAULTS.name)).toBeInTheDocument()
    expect(screen.getByText(GOOGLE_ACCOUNT_DEFAULTS.email)).toBeInTheDocument()
    expect(screen.getByText('Not verified')).toBeInTheDocument()
  })

  it('sends Complete Account Setup to /signup', async () => {
    const { router } = renderApp(`/${GOOGLE_QUERY}`)
    fireEvent.click(await screen.findByRole('button', { name: 'Complete Account Setup' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument()
  })

  it('sends Continue to Dashboard to / without the query string', async () => {
    mockApi(stub(currentUserCall, UNAUTHORIZED))
    const { router } = renderApp(`/faq${GOOGLE_QUERY}`)
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to Dashboard' }))
    // Signed out, the dashboard then sends the visitor on to /login.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toBe('')
  })

  it('leaves the pages that handle Google themselves alone', () => {
    for (const path of ['/setup-payment', '/signup', '/login', '/subscription']) {
      expect(readGoogleSuccess(path, GOOGLE_QUERY)).toBeNull()
    }
    expect(readGoogleSuccess('/', '?auth=success&provider=github')).toBeNull()
    expect(readGoogleSuccess('/', '?auth=failed&provider=google')).toBeNull()
  })

  it('ignores a picture that is not a web address', () => {
    expect(
      readGoogleSuccess('/', '?auth=success&provider=google&picture=javascript:alert(1)')?.picture,
    ).toBeNull()
  })
})
