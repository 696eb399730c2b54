import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { listCarriersCall } from '#shared/contracts/carriers.contract.ts'
import { listCommissionSchedulesCall } from '#shared/contracts/commissions.contract.ts'
import {
  exceptionCandidatesCall,
  getCommissionSettingsCall,
  listExceptionsCall,
  putCommissionSettingsCall,
  resolveExceptionCall,
  STATEMENT_TEXTS as T,
} from '#shared/contracts/commissions-statements.contract.ts'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { CARRIERS } from '#web/features/applications/applications.test-support.ts'
import { requestsTo } from '#web/features/clients/clients.test-support.ts'
import { FIRST_VISIT } from '#web/features/policies/policies.test-support.ts'
import { mockApi, SAMPLE_USER, type Stub, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { seriousViolations } from './axe.test-support.ts'
import { sampleSchedules } from './commissions.test-support.ts'
import { EXCEPTION_WORDS as W } from './exception-texts.ts'
import {
  CANDIDATE,
  CANDIDATE_EXPECTED,
  countsOf,
  OPEN_EXCEPTIONS,
  RESOLVED_EXCEPTION,
  SETTINGS,
} from './exceptions.test-support.ts'

const ALL = [...OPEN_EXCEPTIONS, RESOLVED_EXCEPTION]

/** The queue as the server filters it, with the open counts of all. */
const listStub = stub(listExceptionsCall, ({ url }) => {
  const status = url.searchParams.get('status') ?? 'open'
  const kind = url.searchParams.get('kind')
  const carrierId = url.searchParams.get('carrierId')
  return {
    body: {
      exceptions: ALL.filter(
        (e) => e.status === status && (!kind || e.kind === kind) && (!carrierId || e.carrierId === carrierId),
      ),
      counts: countsOf(ALL),
    },
  }
})

function mockExceptionsApi(...handlers: Stub[]) {
  return mockApi(
    stub(currentUserCall, { body: SAMPLE_USER }),
    stub(unreadCountCall, { body: { unreadCount: 0 } }),
    stub(listCommissionSchedulesCall, { body: sampleSchedules() }),
    stub(listCarriersCall, { body: { data: CARRIERS } }),
    listStub,
    stub(getCommissionSettingsCall, { body: { ...SETTINGS, canEdit: true } }),
    stub(exceptionCandidatesCall, {
      body: { candidates: [{ ...CANDIDATE, expected: [CANDIDATE_EXPECTED] }] },
    }),
    ...handlers,
  )
}

const resolvedAs = (id: string, resolution: 'matched' | 'accepted' | 'written_off' | 'disputed') =>
  stub(resolveExceptionCall, ({ params }) => ({
    body: { ...ALL.find((e) => e.id === params.id)!, id, status: 'resolved' as const, resolution },
  }))

/** Opens the Exceptions tab and answers the queue's table (the desktop view; the phone's cards hold the same). */
async function openTab() {
  renderApp('/commissions')
  fireEvent.click(await screen.findByRole('tab', { name: T.exceptionsTab }, FIRST_VISIT))
  return screen.findByRole('table', { name: W.listLabel }, FIRST_VISIT)
}

/** Chooses an action in the row's menu and answers its dialog. */
async function chooseAction(table: HTMLElement, exceptionName: string, action: string) {
  fireEvent.click(within(table).getByRole('button', { name: `${W.resolve}: ${exceptionName}` }))
  fireEvent.click(await screen.findByRole('button', { name: action }))
  return screen.findByRole('dialog', { name: new RegExp(`^${action}:`) })
}

describe('Commissions › Exceptions', () => {
  it('lists the open exceptions with their reason, amounts and policy, and counts them by kind', async () => {
    mockExceptionsApi()
    const table = await openTab()
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(3)
    expect(rows[0]).toHaveTextContent('UnmatchedZZ-404Nobody Known')
    expect(rows[0]).toHaveTextContent('$50.00—Jan 15, 2026')
    expect(rows[1]).toHaveTextContent('Amount differs')
    expect(rows[1]).toHaveTextContent('$110.00$120.00')
    expect(within(rows[1]!).getByRole('link', { name: 'AUTO-1001' })).toHaveAttribute(
      'href',
      `/policies/${OPEN_EXCEPTIONS[1]!.policyId}`,
    )
    expect(rows[2]).toHaveTextContent(OPEN_EXCEPTIONS[2]!.reason)
    const chips = screen.getByRole('group', { name: W.kindChips })
    expect(within(chips).getByRole('button', { name: `${W.allOpen} 3` })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    expect(within(chips).getByRole('button', { name: 'Never paid 1' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    expect(within(chips).getByRole('button', { name: 'Ambiguous 0' })).toBeInTheDocument()
  })

  it('filters by kind with the chips, by carrier, and shows resolved ones with how they were closed', async () => {
    const fetchMock = mockExceptionsApi()
    const table = await openTab()
    fireEvent.click(screen.getByRole('button', { name: 'Never paid 1' }))
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Never paid')
    const asked = requestsTo(fetchMock, 'GET', '/api/commissions/exceptions').at(-1)!
    expect(Object.fromEntries(asked.url.searchParams)).toEqual({ status: 'open', kind: 'never_paid' })

    fireEvent.click(screen.getByRole('button', { name: 'Never paid 1' }))
    fireEvent.change(screen.getByLabelText(W.carrier), { target: { value: CARRIERS[1]!.id } })
    expect(await screen.findByText(W.noneFiltered)).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText(W.carrier), { target: { value: '' } })
    fireEvent.change(screen.getByLabelText(W.status), { target: { value: 'resolved' } })
    const resolved = await screen.findByRole('table', { name: W.listLabel })
    await waitFor(() => expect(within(resolved).getAllByRole('row')).toHaveLength(2))
    const row = within(resolved).getAllByRole('row')[1]!
    expect(row).toHaveTextContent('Written off')
    expect(row).toHaveTextContent('Dana Reyes')
    expect(row).toHaveTextContent('“Not one of ours”')
    expect(within(row).queryByRole('button', { name: /^Resolve/ })).toBeNull()
  })

  it('matches a line by hand: searches the carrier’s policies, picks one and its expected commission', async () => {
    const target = OPEN_EXCEPTIONS[0]!
    const fetchMock = mockExceptionsApi(resolvedAs(target.id, 'matched'))
    const table = await openTab()
    const dialog = await chooseAction(table, 'Unmatched, ZZ-404', 'Match by hand')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Match by hand' }))
    expect(await within(dialog).findByText(T.choosePolicy)).toBeInTheDocument()
    expect(requestsTo(fetchMock, 'POST', `/api/commissions/exceptions/${target.id}/resolve`)).toHaveLength(0)

    fireEvent.change(within(dialog).getByRole('searchbox', { name: W.searchPolicies }), {
      target: { value: 'okafor' },
    })
    await waitFor(() =>
      expect(
        requestsTo(fetchMock, 'GET', `/api/commissions/exceptions/${target.id}/candidates`).some(
          (request) => request.url.searchParams.get('q') === 'okafor',
        ),
      ).toBe(true),
    )
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'AUTO-2002 · Ben Okafor' }))
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'New business, Jan 1, 2026: $120.00' }))
    fireEvent.change(within(dialog).getByLabelText(W.note), { target: { value: 'Renumbered' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Match by hand' }))
    expect(await screen.findByText(W.resolved_toast)).toBeInTheDocument()
    expect(
      requestsTo(fetchMock, 'POST', `/api/commissions/exceptions/${target.id}/resolve`)[0]?.body,
    ).toEqual({
      action: 'match',
      policyId: CANDIDATE.policyId,
      expectedCommissionId: CANDIDATE_EXPECTED.id,
      note: 'Renumbered',
    })
  })

  it.each([
    ['accept', 'Accept the difference', 1, 'Amount differs, AUTO-1001', 'accepted'],
    ['write_off', 'Write off', 0, 'Unmatched, ZZ-404', 'written_off'],
    ['dispute', 'Dispute', 2, 'Never paid, AUTO-2002', 'disputed'],
  ] as const)('resolves by %s, with the note', async (action, label, index, name, resolution) => {
    const target = OPEN_EXCEPTIONS[index]!
    const fetchMock = mockExceptionsApi(resolvedAs(target.id, resolution))
    const table = await openTab()
    const dialog = await chooseAction(table, name, label)
    fireEvent.change(within(dialog).getByLabelText(W.note), { target: { value: `  ${label} it ` } })
    fireEvent.click(within(dialog).getByRole('button', { name: label }))
    expect(await screen.findByText(W.resolved_toast)).toBeInTheDocument()
    expect(
      requestsTo(fetchMock, 'POST', `/api/commissions/exceptions/${target.id}/resolve`)[0]?.body,
    ).toEqual({
      action,
      note: `${label} it`,
    })
  })

  it('offers only the actions the exception allows, and shows the server’s refusal in the dialog', async () => {
    mockExceptionsApi(stub(resolveExceptionCall, { status: 409, body: { message: T.alreadyResolved } }))
    const table = await openTab()
    fireEvent.click(within(table).getByRole('button', { name: `${W.resolve}: Never paid, AUTO-2002` }))
    const menu = await screen.findByRole('dialog', { name: `${W.resolve}: Never paid, AUTO-2002` })
    expect(
      within(menu)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Write off', 'Dispute'])
    fireEvent.keyDown(menu, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    fireEvent.click(within(table).getByRole('button', { name: `${W.resolve}: Unmatched, ZZ-404` }))
    const lineMenu = await screen.findByRole('dialog', { name: `${W.resolve}: Unmatched, ZZ-404` })
    expect(
      within(lineMenu)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Match by hand', 'Write off', 'Dispute'])
    fireEvent.click(within(lineMenu).getByRole('button', { name: 'Write off' }))
    const dialog = await screen.findByRole('dialog', { name: /^Write off:/ })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write off' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(T.alreadyResolved)
  })

  it('lets an agent read the queue and the settings without the means to change them', async () => {
    mockExceptionsApi(
      stub(currentUserCall, { body: { ...SAMPLE_USER, role: 'agent' } }),
      stub(getCommissionSettingsCall, { body: { ...SETTINGS, canEdit: false } }),
    )
    const table = await openTab()
    expect(within(table).getAllByRole('row')).toHaveLength(4)
    expect(screen.queryByRole('button', { name: /^Resolve/ })).toBeNull()
    expect(await screen.findByText(new RegExp(T.adminsOnly))).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: W.saveSettings })).toBeNull()
  })

  it('saves the reconciliation settings, checked on the fields first', async () => {
    const fetchMock = mockExceptionsApi(
      stub(putCommissionSettingsCall, {
        body: { toleranceDollars: 2.5, tolerancePercent: 1, neverPaidDays: 60, canEdit: true },
      }),
    )
    await openTab()
    const days = await screen.findByLabelText(W.neverPaidDays)
    expect(days).toHaveValue('90')
    fireEvent.change(days, { target: { value: '1000' } })
    fireEvent.change(screen.getByLabelText(W.toleranceDollars), { target: { value: '2.50' } })
    fireEvent.click(screen.getByRole('button', { name: W.saveSettings }))
    await waitFor(() => expect(days).toHaveAccessibleDescription(T.neverPaidDaysInvalid))
    expect(requestsTo(fetchMock, 'PUT', '/api/commissions/settings')).toHaveLength(0)
    fireEvent.change(days, { target: { value: '60' } })
    fireEvent.click(screen.getByRole('button', { name: W.saveSettings }))
    expect(await screen.findByText(W.settingsSaved)).toBeInTheDocument()
    expect(requestsTo(fetchMock, 'PUT', '/api/commissions/settings')[0]?.body).toEqual({
      toleranceDollars: 2.5,
      tolerancePercent: 1,
      neverPaidDays: 60,
    })
  })

  it('has no serious or critical axe violations on the tab, its menu or the match dialog', async () => {
    mockExceptionsApi()
    const { container } = renderApp('/commissions')
    fireEvent.click(await screen.findByRole('tab', { name: T.exceptionsTab }, FIRST_VISIT))
    const table = await screen.findByRole('table', { name: W.listLabel }, FIRST_VISIT)
    await screen.findByLabelText(W.neverPaidDays)
    expect(await seriousViolations(container)).toEqual([])
    fireEvent.click(within(table).getByRole('button', { name: `${W.resolve}: Unmatched, ZZ-404` }))
    const menu = await screen.findByRole('dialog', { name: `${W.resolve}: Unmatched, ZZ-404` })
    expect(await seriousViolations(menu)).toEqual([])
    fireEvent.click(within(menu).getByRole('button', { name: 'Match by hand' }))
    const dialog = await screen.findByRole('dialog', { name: /^Match by hand:/ })
    await within(dialog).findByRole('radio', { name: 'AUTO-2002 · Ben Okafor' })
    expect(await seriousViolations(dialog)).toEqual([])
  })
})
