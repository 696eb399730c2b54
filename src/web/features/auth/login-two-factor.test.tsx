import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { loginCall } from '#shared/contracts/auth.contract.ts'
import {
  cancelSecondStepCall,
  SECURITY_MESSAGES,
  secondStepCall,
  signInEnrolCall,
  signInEnrolmentCall,
  TWO_FACTOR_MESSAGES,
} from '#shared/contracts/auth-security.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { mockApi, SAMPLE_USER, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'

const HOME = [stub(unreadCountCall, { body: { unreadCount: 0 } })]

async function submitPassword() {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'dana@example.com' } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } })
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
}

function input(name: string): HTMLInputElement {
  const element = document.querySelector<HTMLInputElement>(`[name=${name}]`)
  if (!element) throw new Error(`No input named ${name}`)
  return element
}

describe('Login page, second step', () => {
  it('asks for the code after the password and signs in with it', async () => {
    const fetchMock = mockApi(
      ...HOME,
      stub(loginCall, { body: { twoFactorRequired: true } }),
      stub(secondStepCall, ({ body }) =>
        body.code === '123456'
          ? { body: { user: SAMPLE_USER } }
          : {
              status: 400,
              body: {
                message: TWO_FACTOR_MESSAGES.codeWrong,
                errors: [{ path: 'code', message: TWO_FACTOR_MESSAGES.codeWrong }],
              },
            },
      ),
    )
    const { router } = renderApp('/login')
    await submitPassword()
    expect(
      await screen.findByRole('heading', { level: 1, name: TWO_FACTOR_MESSAGES.twoFactorTitle }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')

    fireEvent.change(input('code'), { target: { value: '12' } })
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeFormat)).toBeInTheDocument()

    fireEvent.change(input('code'), { target: { value: '654321' } })
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeWrong)).toBeInTheDocument()

    fireEvent.change(input('code'), { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    const secondSteps = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/login/two-factor')
    expect(secondSteps.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { code: '654321' },
      { code: '123456' },
    ])
  })

  it('takes a recovery code instead', async () => {
    const fetchMock = mockApi(...HOME, stub(secondStepCall, { body: { user: SAMPLE_USER } }))
    const { router } = renderApp('/login?twoFactor=verify')
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }))
    fireEvent.change(input('recoveryCode'), { target: { value: 'abcde-fghjk' } })
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/login/two-factor')!
    expect(JSON.parse(String(init?.body))).toEqual({ recoveryCode: 'abcde-fghjk' })
  })

  it('goes back to the password when the pending sign-in expired', async () => {
    mockApi(
      stub(secondStepCall, {
        status: 401,
        body: { message: TWO_FACTOR_MESSAGES.challengeExpired },
      }),
    )
    renderApp('/login?twoFactor=verify')
    fireEvent.change(await waitFor(() => input('code')), { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.challengeExpired)).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument()
  })

  it('enrols when the agency requires it and shows the recovery codes once', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`)
    mockApi(
      ...HOME,
      stub(loginCall, { body: { twoFactorEnrolmentRequired: true } }),
      stub(signInEnrolmentCall, {
        body: {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/x',
          qrDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
        },
      }),
      stub(signInEnrolCall, { body: { user: SAMPLE_USER, recoveryCodes: codes } }),
    )
    const { router } = renderApp('/login')
    await submitPassword()
    expect(await screen.findByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: /QR code/ })).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,PHN2Zy8+',
    )
    fireEvent.change(input('code'), { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Turn on two-factor' }))
    expect(await screen.findByText(SECURITY_MESSAGES.recoveryCodesNote)).toBeInTheDocument()
    expect(screen.getAllByTestId('recovery-code').map((item) => item.textContent)).toEqual(codes)
    expect(router.state.location.pathname).toBe('/login')
    fireEvent.click(screen.getByRole('button', { name: 'I have saved my codes, continue' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })

  it('starts over: ends the pending sign-in on the server and shows the password again', async () => {
    const fetchMock = mockApi(stub(cancelSecondStepCall, { body: { cancelled: true } }))
    renderApp('/login?twoFactor=verify')
    fireEvent.click(await screen.findByRole('button', { name: 'Start over' }))
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument()
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => String(url) === '/api/auth/login/two-factor' && init?.method === 'DELETE',
        ),
      ).toBe(true),
    )
  })
})
