import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '#shared/contracts/auth.contract.ts'
import {
  agencyTwoFactorCall,
  changePasswordCall,
  confirmEnrolmentCall,
  disableTwoFactorCall,
  endSessionCall,
  listSessionsCall,
  regenerateRecoveryCodesCall,
  SECURITY_MESSAGES,
  type SecurityStatus,
  securityStatusCall,
  startEnrolmentCall,
} from '#shared/contracts/auth-security.contract.ts'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { mockApi, SAMPLE_USER, type Stub, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'

const STATUS: SecurityStatus = {
  twoFactorEnabled: false,
  twoFactorEnabledAt: null,
  recoveryCodesLeft: 0,
  agencyRequiresTwoFactor: false,
  hasPassword: true,
  demoAccount: false,
}
const CURRENT = 'a'.repeat(64)
const OTHER = 'b'.repeat(64)
const SESSIONS = {
  sessions: [
    {
      id: CURRENT,
      device: 'Mac',
      browser: 'Chrome 124',
      ipAddress: '10.0.0.1',
      createdAt: '2026-03-01T10:00:00.000Z',
      lastSeenAt: '2026-03-02T10:00:00.000Z',
      current: true,
    },
    {
      id: OTHER,
      device: 'iPhone',
      browser: 'Safari 17',
      ipAddress: '10.0.0.2',
      createdAt: '2026-03-01T09:00:00.000Z',
      lastSeenAt: '2026-03-01T12:00:00.000Z',
      current: false,
    },
  ],
}

function mockSecurityApi(...extra: Stub[]) {
  return mockApi(
    stub(currentUserCall, { body: SAMPLE_USER }),
    stub(unreadCountCall, { body: { unreadCount: 0 } }),
    stub(securityStatusCall, { body: STATUS }),
    stub(listSessionsCall, { body: SESSIONS }),
    ...extra,
  )
}

const field = (name: string) => document.querySelector<HTMLInputElement>(`[name=${name}]`)!

describe('Settings › Security', () => {
  it('changes the password, showing a wrong current password on its field', async () => {
    let attempts = 0
    const fetchMock = mockSecurityApi(
      stub(changePasswordCall, () =>
        ++attempts === 1
          ? {
              status: 400,
              body: {
                message: SECURITY_MESSAGES.currentPasswordWrong,
                errors: [{ path: 'currentPassword', message: SECURITY_MESSAGES.currentPasswordWrong }],
              },
            }
          : { body: { sessionsEnded: 1 } },
      ),
    )
    renderApp('/settings?tab=security')
    await screen.findByRole('heading', { name: 'Change password' })
    fireEvent.change(field('currentPassword'), { target: { value: 'old password' } })
    fireEvent.change(field('newPassword'), { target: { value: 'new password 1' } })
    fireEvent.change(field('confirmPassword'), { target: { value: 'new password 2' } })
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText(AUTH_MESSAGES.passwordsDontMatch)).toBeInTheDocument()

    fireEvent.change(field('confirmPassword'), { target: { value: 'new password 1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText(SECURITY_MESSAGES.currentPasswordWrong)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText(SECURITY_MESSAGES.passwordChanged)).toBeInTheDocument()
    const bodies = fetchMock.mock.calls
      .filter(([url]) => String(url) === '/api/settings/security/password')
      .map(([, init]) => JSON.parse(String(init?.body)))
    expect(bodies[1]).toEqual({ currentPassword: 'old password', newPassword: 'new password 1' })
  })

  it('lists the sessions, marks this device, and ends another', async () => {
    const fetchMock = mockSecurityApi(stub(endSessionCall, { body: { ended: 1 } }))
    renderApp('/settings?tab=security')
    const rows = await screen.findAllByTestId('session-row')
    expect(rows).toHaveLength(2)
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument()
    expect(within(rows[0]!).queryByRole('button', { name: /End session/ })).not.toBeInTheDocument()
    expect(rows[1]).toHaveTextContent('Safari 17 on iPhone')
    fireEvent.click(within(rows[1]!).getByRole('button', { name: /End session/ }))
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url, init]) => init?.method === 'DELETE' && String(url).endsWith(OTHER)),
      ).toBe(true),
    )
    expect(await screen.findByText(SECURITY_MESSAGES.sessionEndedTitle)).toBeInTheDocument()
  })

  it('sets up two-factor after the current password, with a first code, and shows the recovery codes once', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efghj`)
    const fetchMock = mockSecurityApi(
      stub(startEnrolmentCall, ({ body }) =>
        body.currentPassword === 'my password'
          ? {
              body: {
                secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
                otpauthUri: 'otpauth://totp/x',
                qrDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
                enrolmentToken: 'sealed',
              },
            }
          : {
              status: 400,
              body: {
                message: SECURITY_MESSAGES.currentPasswordWrong,
                errors: [{ path: 'currentPassword', message: SECURITY_MESSAGES.currentPasswordWrong }],
              },
            },
      ),
      stub(confirmEnrolmentCall, ({ body }) =>
        body.code === '123456'
          ? { body: { recoveryCodes: codes } }
          : {
              status: 400,
              body: { message: 'x', errors: [{ path: 'code', message: 'That code is not valid.' }] },
            },
      ),
    )
    renderApp('/settings?tab=security')
    const setUp = await screen.findByRole('button', { name: 'Set up two-factor' })
    const password = document.getElementById('enrol-current-password') as HTMLInputElement
    expect(password).toHaveAccessibleDescription(SECURITY_MESSAGES.confirmWithPassword)
    fireEvent.change(password, { target: { value: 'a guess' } })
    fireEvent.click(setUp)
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(
        expect.stringContaining(SECURITY_MESSAGES.currentPasswordWrong),
      ),
    )
    expect(screen.queryByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).not.toBeInTheDocument()
    fireEvent.change(password, { target: { value: 'my password' } })
    fireEvent.click(setUp)
    expect(await screen.findByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeInTheDocument()
    expect(
      fetchMock.mock.calls
        .filter(([url]) => String(url) === '/api/settings/security/two-factor/enrolment')
        .map(([, init]) => JSON.parse(String(init?.body))),
    ).toEqual([{ currentPassword: 'a guess' }, { currentPassword: 'my password' }])
    fireEvent.change(field('code'), { target: { value: '999999' } })
    fireEvent.click(screen.getByRole('button', { name: 'Turn on two-factor' }))
    expect(await screen.findByText('That code is not valid.')).toBeInTheDocument()
    fireEvent.change(field('code'), { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Turn on two-factor' }))
    expect(await screen.findByText(SECURITY_MESSAGES.recoveryCodesNote)).toBeInTheDocument()
    expect(screen.getAllByTestId('recovery-code').map((item) => item.textContent)).toEqual(codes)
  })

  it('turns two-factor off with the current password only, and renews codes with password and code', async () => {
    const fetchMock = mockSecurityApi(
      stub(securityStatusCall, { body: { ...STATUS, twoFactorEnabled: true, recoveryCodesLeft: 9 } }),
      stub(regenerateRecoveryCodesCall, { body: { recoveryCodes: ['abcde-fghjk'] } }),
      stub(disableTwoFactorCall, { body: STATUS }),
    )
    renderApp('/settings?tab=security')
    fireEvent.click(await screen.findByRole('button', { name: 'New recovery codes' }))
    const password = () => document.getElementById('regenerate-current-password') as HTMLInputElement
    fireEvent.change(password(), { target: { value: 'my password' } })
    fireEvent.change(document.getElementById('regenerate-code')!, { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Get new recovery codes' }))
    expect(await screen.findByText('abcde-fghjk')).toBeInTheDocument()
    const bodiesOf = (url: string) =>
      fetchMock.mock.calls
        .filter(([u]) => String(u) === url)
        .map(([, init]) => JSON.parse(String(init?.body)))
    expect(bodiesOf('/api/settings/security/two-factor/recovery-codes')).toEqual([
      { code: '123456', currentPassword: 'my password' },
    ])
    fireEvent.click(screen.getByRole('button', { name: 'Done' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }))
    expect(document.getElementById('disable-code')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-factor' }))
    expect(await screen.findByText(SECURITY_MESSAGES.currentPasswordRequired)).toBeInTheDocument()
    fireEvent.change(document.getElementById('disable-password')!, { target: { value: 'my password' } })
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-factor' }))
    expect(await screen.findByText(SECURITY_MESSAGES.twoFactorOffTitle)).toBeInTheDocument()
    expect(bodiesOf('/api/settings/security/two-factor/disable')).toEqual([{ password: 'my password' }])
  })

  it('shows the agency switch to an admin only', async () => {
    const fetchMock = mockSecurityApi(stub(agencyTwoFactorCall, { body: { required: true } }))
    const { unmount } = renderApp('/settings?tab=security')
    const toggle = await screen.findByRole('switch', { name: SECURITY_MESSAGES.requireSwitchLabel })
    await waitFor(() => expect(toggle).toBeEnabled())
    fireEvent.click(toggle)
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .filter(([url]) => String(url) === '/api/settings/security/agency-two-factor')
          .map(([, init]) => JSON.parse(String(init?.body))),
      ).toEqual([{ required: true }]),
    )
    unmount()
    mockSecurityApi(stub(currentUserCall, { body: { ...SAMPLE_USER, role: 'agent' } }))
    renderApp('/settings?tab=security')
    await screen.findByRole('heading', { name: 'Change password' })
    expect(
      screen.queryByRole('switch', { name: SECURITY_MESSAGES.requireSwitchLabel }),
    ).not.toBeInTheDocument()
  })

  it('shows the demo account as not changeable, keeping its sessions', async () => {
    mockSecurityApi(stub(securityStatusCall, { body: { ...STATUS, demoAccount: true } }))
    renderApp('/settings?tab=security')
    expect(await screen.findByText(SECURITY_MESSAGES.demoAccountLocked)).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Change password' })).toBeNull()
    expect(field('currentPassword')).toBeNull()
    expect(await screen.findByText('Safari 17', { exact: false })).toBeTruthy()
  })
})
