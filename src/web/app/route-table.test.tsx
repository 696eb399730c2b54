import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { getContactInfoCall } from '#shared/contracts/contact.contract.ts'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { MENU_ENTRIES, SECONDARY_MENU_ENTRIES } from '#web/layout/menu-entries.ts'
import { mockApi, SAMPLE_USER, stub, UNAUTHORIZED } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { NOT_FOUND_TITLE } from './not-found-page.tsx'

/** Spec part 1 §2: every path of the route table and the title its screen shows. */
const SCREENS: [path: string, title: string][] = [
  ['/', 'Dashboard'],
  ['/applications', 'Applications'],
  ['/policies', 'Policies'],
  ['/renewals', 'Renewals'],
  ['/commissions', 'Commissions'],
  ['/appointments', 'Insurance Carrier Appointments'],
  ['/clients', 'Clients'],
  ['/client-import', 'Client Import'],
  ['/carriers', 'Carriers'],
  ['/compliance', 'Compliance & Audit'],
  ['/subscription', 'Subscription and Billing'],
  ['/privacy', 'Privacy Policy'],
  ['/settings', 'Settings'],
  ['/database', 'Database Management'],
  ['/agency-onboarding', 'Agency Onboarding'],
  ['/owner-dashboard', 'Owner Dashboard'],
  ['/agent-marketplace', 'Agent Marketplace'],
  ['/esigning-demo', 'E-Signing'],
  ['/faq', 'FAQ'],
  ['/contact', 'Contact'],
  ['/ai-intelligence', 'AI Intelligence'],
  ['/outbox', 'Outbox'],
  ['/support-inbox', 'Support Inbox'],
]

describe('route table', () => {
  it.each(SCREENS)('%s shows %s in the shell', async (path, title) => {
    mockApi(stub(currentUserCall, { body: SAMPLE_USER }), stub(unreadCountCall, { body: { unreadCount: 0 } }))
    renderApp(path)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(screen.getAllByRole('navigation', { name: 'Main' }).length).toBeGreaterThan(0)
  })

  it.each([
    ['/faq', 'FAQ'],
    ['/contact', 'Contact'],
  ])('lets a visitor read %s outside the shell', async (path, title) => {
    mockApi(
      stub(currentUserCall, UNAUTHORIZED),
      stub(getContactInfoCall, {
        body: { supportEmail: 'help@example.com', companyName: 'Agency Back Office' },
      }),
    )
    renderApp(path)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Help' })).toBeInTheDocument()
  })

  it('sends a visitor anywhere else to sign in', async () => {
    mockApi(stub(currentUserCall, UNAUTHORIZED))
    renderApp('/clients')
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument()
  })

  it('answers any other path with Page Not Found', async () => {
    renderApp('/applications/extra/segments')
    expect(await screen.findByRole('heading', { level: 1, name: NOT_FOUND_TITLE })).toBeInTheDocument()
  })

  it('keeps the menu in the spec order', () => {
    expect(MENU_ENTRIES.map((entry) => entry.label)).toEqual([
      'Dashboard',
      'New Application',
      'Policies',
      'Renewals',
      'Commissions',
      'Appointments',
      'Agency Onboarding',
      'Clients',
      'Client Import',
      'Carriers',
      'AI Intelligence',
      'Agent Marketplace',
      'E-Signing',
      'Compliance',
      'Subscription',
      'Privacy Policy',
      'FAQ',
      'Contact',
      'Settings',
    ])
  })

  it('lists our own screens after the spec menu', () => {
    expect(SECONDARY_MENU_ENTRIES.map((entry) => [entry.label, entry.to, entry.roles])).toEqual([
      ['Outbox', '/outbox', undefined],
      ['Support Inbox', '/support-inbox', ['platform_owner', 'platform_admin']],
      ['Owner Dashboard', '/owner-dashboard', ['platform_owner']],
      ['Database', '/database', ['platform_owner', 'platform_admin']],
    ])
  })
})

describe('route preloads', () => {
  it('reads every route of the table and its page module from page-routes.tsx', async () => {
    const { extractRouteModules } = await import('../../../scripts/vite/route-preloads.ts')
    const { HELP_ROUTES, PAYMENT_ROUTES, PUBLIC_ROUTES, SHELL_ROUTES } = await import('./page-routes.tsx')
    const source = (await import('./page-routes.tsx?raw')).default
    const extracted = extractRouteModules(source)
    const paths = [...SHELL_ROUTES, ...HELP_ROUTES, ...PAYMENT_ROUTES, ...PUBLIC_ROUTES].map((route) =>
      route.index ? '/' : `/${route.path}`,
    )
    expect(extracted.map((route) => route.path).sort()).toEqual(paths.sort())
    expect(extracted.every((route) => /^(\.\/|#web\/features\/).+\.tsx$/.test(route.module))).toBe(true)
    const publicPaths = PUBLIC_ROUTES.map((route) => `/${route.path}`)
    expect(extracted.filter((route) => !route.signedIn).map((route) => route.path)).toEqual(publicPaths)
  })
})
