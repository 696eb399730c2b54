import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { listCarriersCall } from '#shared/contracts/carriers.contract.ts'
import {
  endCommissionRateCall,
  listCommissionSchedulesCall,
  setCommissionRateCall,
  COMMISSION_TEXTS as T,
} from '#shared/contracts/commissions.contract.ts'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { CARRIERS } from '#web/features/applications/applications.test-support.ts'
import { requestsTo } from '#web/features/clients/clients.test-support.ts'
import { FIRST_VISIT } from '#web/features/policies/policies.test-support.ts'
import { mockApi, SAMPLE_USER, type Stub, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { seriousViolations } from './axe.test-support.ts'
import { sampleRate, sampleSchedules } from './commissions.test-support.ts'

function mockCommissionsApi(...handlers: Stub[]) {
  return mockApi(
    stub(currentUserCall, { body: SAMPLE_USER }),
    stub(unreadCountCall, { body: { unreadCount: 0 } }),
    stub(listCommissionSchedulesCall, { body: sampleSchedules() }),
    stub(listCarriersCall, { body: { data: CARRIERS } }),
    ...handlers,
  )
}

const CARRIER = CARRIERS[0]!

describe('Commissions › Schedules', () => {
  it('shows the rates in force with the agency’s default first, and the history of changes', async () => {
    mockCommissionsApi()
    renderApp('/commissions')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Commissions' }, FIRST_VISIT),
    ).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Schedules' })).toHaveAttribute('aria-selected', 'true')
    const current = await screen.findByRole('table', { name: 'Commission rates in force today' })
    const rows = within(current).getAllByRole('row').slice(1)
    expect(rows[0]).toHaveTextContent(`${T.allCarriers}${T.allLines}10%8%`)
    expect(rows[1]).toHaveTextContent(`${CARRIER.name}Auto12.5%10.25%Mar 1, 2026`)
    const history = screen.getByRole('table', { name: 'Changes to the commission schedule' })
    expect(within(history).getAllByRole('row')[2]).toHaveTextContent('Jan 1, 2025')
    expect(within(history).getAllByRole('row')[2]).toHaveTextContent('Replaced')
    expect(within(history).getAllByRole('row')[1]).toHaveTextContent('In force')
  })

  it('sets a carrier’s rate for a line from a date, checked on the fields first', async () => {
    const fetchMock = mockCommissionsApi(stub(setCommissionRateCall, { status: 201, body: sampleRate() }))
    renderApp('/commissions')
    fireEvent.click(await screen.findByRole('button', { name: 'Set a rate' }, FIRST_VISIT))
    const dialog = await screen.findByRole('dialog', { name: 'Set a commission rate' })
    await within(dialog).findByRole('option', { name: CARRIER.name })
    fireEvent.change(within(dialog).getByLabelText('Carrier'), { target: { value: CARRIER.id } })
    fireEvent.change(within(dialog).getByLabelText('Line of business'), { target: { value: 'property' } })
    fireEvent.change(within(dialog).getByLabelText('New business (%)'), { target: { value: '12.345' } })
    fireEvent.change(within(dialog).getByLabelText('Renewal (%)'), { target: { value: '9' } })
    fireEvent.change(within(dialog).getByLabelText('Effective from'), { target: { value: '2026-07-01' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rate' }))
    await waitFor(() =>
      expect(within(dialog).getByLabelText('New business (%)')).toHaveAccessibleDescription(T.rateInvalid),
    )
    expect(requestsTo(fetchMock, 'POST', '/api/commissions/schedules')).toHaveLength(0)

    fireEvent.change(within(dialog).getByLabelText('New business (%)'), { target: { value: '12.5' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rate' }))
    expect(await screen.findByText(T.rateSaved)).toBeInTheDocument()
    expect(requestsTo(fetchMock, 'POST', '/api/commissions/schedules')[0]?.body).toEqual({
      carrierId: CARRIER.id,
      lineOfBusiness: 'property',
      newBusinessRate: 12.5,
      renewalRate: 9,
      effectiveFrom: '2026-07-01',
    })
  })

  it('ends a rate from a date', async () => {
    const fetchMock = mockCommissionsApi(
      stub(endCommissionRateCall, {
        status: 201,
        body: sampleRate({ newBusinessRate: null, renewalRate: null }),
      }),
    )
    renderApp('/commissions')
    fireEvent.click(await screen.findByRole('button', { name: `End ${CARRIER.name}, Auto` }, FIRST_VISIT))
    const dialog = await screen.findByRole('dialog', { name: `End the rate: ${CARRIER.name}, Auto` })
    fireEvent.change(within(dialog).getByLabelText('Ends from'), { target: { value: '2026-09-01' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'End rate' }))
    expect(await screen.findByText(T.rateEnded)).toBeInTheDocument()
    const [request] = requestsTo(
      fetchMock,
      'POST',
      `/api/commissions/schedules/${sampleSchedules().rates[1]!.id}/end`,
    )
    expect(request?.body).toEqual({ effectiveFrom: '2026-09-01' })
  })

  it('lets an agent read the schedule without the means to change it', async () => {
    mockCommissionsApi(stub(listCommissionSchedulesCall, { body: sampleSchedules(false) }))
    renderApp('/commissions')
    expect(await screen.findByText(T.adminsOnly, {}, FIRST_VISIT)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Set a rate' })).toBeNull()
    expect(screen.queryByRole('button', { name: /^End / })).toBeNull()
  })

  it('has no serious or critical axe violations on the tab or in the rate dialog', async () => {
    mockCommissionsApi()
    const { container } = renderApp('/commissions')
    await screen.findByRole('table', { name: 'Commission rates in force today' }, FIRST_VISIT)
    expect(await seriousViolations(container)).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'Set a rate' }))
    const dialog = await screen.findByRole('dialog', { name: 'Set a commission rate' })
    expect(await seriousViolations(dialog)).toEqual([])
  })
})
