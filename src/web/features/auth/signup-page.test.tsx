import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { AUTH_MESSAGES, signupCall } from '#shared/contracts/auth.contract.ts'
import { listPlansCall } from '#shared/contracts/billing.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { mockApi, SAMPLE_USER, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'

vi.mock('#web/lib/browser-location.ts', () => ({ goToPage: vi.fn() }))

function fillDetails(values: Partial<Record<string, string>>) {
  const labels: Record<string, string> = {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm password',
  }
  for (const [field, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(labels[field] ?? field), { target: { value } })
  }
}

const VALID = {
  firstName: 'Dana',
  lastName: 'Reyes',
  email: 'dana@example.com',
  password: 'correct horse',
  confirmPassword: 'correct horse',
}

describe('Signup page', () => {
  it('shows the spec messages for empty and invalid details', async () => {
    renderApp('/signup')
    await screen.findByRole('button', { name: 'Continue' })
    fillDetails({ firstName: 'D', lastName: 'R', email: 'not-an-email', password: 'short' })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText(AUTH_MESSAGES.firstNameMin)).toBeInTheDocument()
    expect(screen.getByText(AUTH_MESSAGES.lastNameMin)).toBeInTheDocument()
    expect(screen.getByText(AUTH_MESSAGES.emailInvalid)).toBeInTheDocument()
    expect(screen.getByText(AUTH_MESSAGES.passwordMin)).toBeInTheDocument()
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true')
  })

  it("says Passwords don't match on the confirmation field", async () => {
    renderApp('/signup')
    await screen.findByRole('button', { name: 'Continue' })
    fillDetails({ ...VALID, confirmPassword: 'something else' })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    const message = await screen.findByText(AUTH_MESSAGES.passwordsDontMatch)
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-describedby', message.id)
  })

  it('creates a free account without sending the confirmation, then welcomes the user on /', async () => {
    const fetchMock = mockApi(
      stub(listPlansCall, { status: 500, body: { message: 'down' } }),
      stub(signupCall, { status: 201, body: { user: SAMPLE_USER } }),
      stub(unreadCountCall, { body: { unreadCount: 1 } }),
    )
    const { router } = renderApp('/signup')
    await screen.findByRole('button', { name: 'Continue' })
    fillDetails(VALID)
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    // The plans call failed: the built-in list of five stands in.
    const plans = await screen.findByRole('radiogroup', { name: 'Plan' })
    expect(within(plans).getAllByRole('radio')).toHaveLength(5)
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(await screen.findByText(AUTH_MESSAGES.welcome)).toBeInTheDocument()
    const sent = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/signup')
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      firstName: 'Dana',
      lastName: 'Reyes',
      email: 'dana@example.com',
      password: 'correct horse',
      selectedPlan: 'free',
    })
  })

  it('goes on to the payment step for a paid plan', async () => {
    mockApi(
      stub(listPlansCall, { body: { data: [] } }),
      stub(signupCall, { status: 201, body: { user: { ...SAMPLE_USER, subscriptionTier: 'free' } } }),
    )
    renderApp('/signup')
    await screen.findByRole('button', { name: 'Continue' })
    fillDetails(VALID)
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    fireEvent.click(await screen.findByRole('radio', { name: /Professional/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByRole('button', { name: 'Setup Payment' })).toBeInTheDocument()
    expect(screen.getByText('Professional')).toBeInTheDocument()
    expect(screen.getByText('$49.99')).toBeInTheDocument()
  })

  it('puts a 400 field message on its field and toasts the failure', async () => {
    mockApi(
      stub(listPlansCall, { body: { data: [] } }),
      stub(signupCall, {
        status: 400,
        body: {
          message: AUTH_MESSAGES.emailTaken,
          errors: [{ path: 'email', message: AUTH_MESSAGES.emailTaken }],
        },
      }),
    )
    renderApp('/signup')
    await screen.findByRole('button', { name: 'Continue' })
    fillDetails(VALID)
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText(AUTH_MESSAGES.signupFailedTitle)).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getAllByText(AUTH_MESSAGES.emailTaken).length).toBeGreaterThanOrEqual(1)
  })
})
