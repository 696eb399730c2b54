import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { licenseExpirationCall, progressCall } from '#shared/contracts/onboarding-progress.contract.ts'
import { moreExpiringText, ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { expiring, mockOnboarding, progressAnswer, progressRow } from './onboarding.test-support.ts'

afterEach(() => vi.unstubAllGlobals())

describe('Agency Onboarding page', () => {
  it('shows the first 3 expiring licenses with their labels, then how many more', async () => {
    mockOnboarding()
    renderApp('/agency-onboarding')
    const banner = await screen.findByRole('region', { name: T.alertsTitle })
    expect(within(banner).getAllByRole('listitem')).toHaveLength(3)
    expect(within(banner).getByText('Expires in 10 days')).toHaveAttribute('data-tone', 'destructive')
    expect(within(banner).getByText('Expires in 50 days')).toHaveAttribute('data-tone', 'outline')
    expect(within(banner).getByText(moreExpiringText(2))).toBeInTheDocument()
  })

  it('hides the banner when nothing expires, and shows the four stat cards', async () => {
    mockOnboarding(stub(licenseExpirationCall, { body: expiring(0) }))
    renderApp('/agency-onboarding')
    expect((await screen.findAllByText('4 scheduled')).length).toBeGreaterThan(0)
    expect(screen.getByText('5 expiring')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: T.alertsTitle })).not.toBeInTheDocument()
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Dash',
      'Workflow',
      'Licenses',
      'Training',
      'Docs',
      'Progress',
    ])
  })

  it('says which call failed, in the spec’s words', async () => {
    mockOnboarding(
      stub(licenseExpirationCall, { status: 500, body: { message: 'boom' } }),
      stub(progressCall, { status: 500, body: { message: 'boom' } }),
    )
    renderApp('/agency-onboarding')
    expect(await screen.findByText(T.fetchExpiring)).toBeInTheDocument()
    expect((await screen.findAllByText(T.fetchProgress)).length).toBeGreaterThan(0)
  })

  it('searches by agent ID and selects an agent with View Details', async () => {
    const fetchMock = mockOnboarding(
      stub(progressCall, ({ url }) => ({
        body: progressAnswer(url.searchParams.get('q') === 'none' ? [] : [progressRow()]),
      })),
    )
    const { router } = renderApp('/agency-onboarding')
    fireEvent.click(await screen.findByRole('button', { name: 'View Details of AGT-1' }))
    await waitFor(() => expect(router.state.location.search).toBe('?tab=progress&agent=AGT-1'))
    const checklist = await screen.findByRole('list', { name: 'Checklist' })
    expect(within(checklist).getAllByRole('listitem')).toHaveLength(7)
    expect(within(checklist).getByText('E&O Insurance').closest('li')).toHaveAttribute('data-done', 'false')
    fireEvent.click(screen.getByRole('tab', { name: 'Dash' }))
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by agent ID' }), {
      target: { value: 'none' },
    })
    expect(await screen.findByText(T.noMatchingAgents)).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('q=none'))).toBe(true)
  })

  it('shows every list’s empty state', async () => {
    mockOnboarding(stub(progressCall, { body: progressAnswer([]) }))
    renderApp('/agency-onboarding?tab=workflow')
    expect(await screen.findByText(T.noWorkflows)).toBeInTheDocument()
    for (const [tab, text] of [
      ['Licenses', T.noLicenses],
      ['Training', T.noTraining],
      ['Docs', T.noDocuments],
      ['Progress', T.noAgents],
      ['Dash', T.noAgents],
    ] as const) {
      fireEvent.click(screen.getByRole('tab', { name: tab }))
      expect((await screen.findAllByText(text)).length).toBeGreaterThan(0)
    }
  })
})

describe('Create Workflow', () => {
  it('starts from the default template and refuses a cycle before sending', async () => {
    const fetchMock = mockOnboarding()
    renderApp('/agency-onboarding?tab=workflow')
    fireEvent.click(await screen.findByRole('button', { name: 'Create Workflow' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getAllByRole('group', { name: /depends on$/ })).toHaveLength(7)
    const first = within(dialog).getByRole('group', { name: 'Personal Information Collection depends on' })
    fireEvent.click(within(first).getByLabelText('System Setup'))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Workflow' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('depend on each other in a circle')
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
  })
})
