import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import {
  type BrandingAnswer,
  getBrandingCall,
  saveBrandingCall,
  SETTINGS_TEXTS as T,
} from '#shared/contracts/settings.contract.ts'
import { mockApi, SAMPLE_USER, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'

const ANSWER: BrandingAnswer = {
  enabled: true,
  canEdit: true,
  branding: {
    organizationName: 'Harbor Insurance Group',
    customDomain: null,
    primaryColor: '#0F766E',
    accentColor: '#EC4899',
    themeStyle: 'modern',
    logoUrl: '/api/settings/branding/logo?v=abc',
  },
}

function mockBrandingApi(answer: BrandingAnswer = ANSWER) {
  return mockApi(
    stub(currentUserCall, { body: { ...SAMPLE_USER, subscriptionTier: 'executive' } }),
    stub(unreadCountCall, { body: { unreadCount: 0 } }),
    stub(getBrandingCall, { body: answer }),
    stub(saveBrandingCall, ({ body }) => ({
      body: { ...answer, branding: { ...answer.branding, ...(body as object) } },
    })),
  )
}

const field = (name: string) => document.querySelector<HTMLInputElement>(`[name=${name}]`)!

describe('Branding tab', () => {
  it("saves the form, and the shell takes the agency's logo, name and colours", async () => {
    const fetchMock = mockBrandingApi()
    renderApp('/settings?tab=branding')
    await waitFor(() => expect(field('organizationName').value).toBe('Harbor Insurance Group'))
    expect(screen.getByText(T.logoHint)).toBeInTheDocument()
    // The domain is stored, not routed yet: the help under it says so.
    expect(
      document.getElementById(field('customDomain').getAttribute('aria-describedby')!),
    ).toHaveTextContent(T.customDomainHint)
    const shell = document.querySelector<HTMLElement>('[data-testid=shell]')!
    expect(shell.style.getPropertyValue('--brand-primary')).toBe('#0F766E')
    expect(document.querySelector('[data-testid=brand-logo]')).toHaveAttribute(
      'src',
      '/api/settings/branding/logo?v=abc',
    )
    fireEvent.change(field('primaryColor'), { target: { value: '#1D4ED8' } })
    fireEvent.click(screen.getByRole('button', { name: T.saveBranding }))
    await waitFor(() => expect(shell.style.getPropertyValue('--brand-primary')).toBe('#1D4ED8'))
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({
      primaryColor: '#1D4ED8',
      themeStyle: 'modern',
    })
    expect(await screen.findByText(T.brandingSaved)).toBeInTheDocument()
  })

  it('lets a colleague who is not an admin see it but not change it', async () => {
    mockBrandingApi({ ...ANSWER, canEdit: false })
    renderApp('/settings?tab=branding')
    expect(await screen.findByText(T.brandingAdminsOnly)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: T.saveBranding })).toBeDisabled()
    expect(field('logo')).toBeDisabled()
  })
})
