import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import {
  APPOINTMENT_TEXTS,
  listAppointmentsCall,
  submitAppointmentCall,
} from '#shared/contracts/appointments.contract.ts'
import { holdAnswer, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import {
  ACTIVE_CARRIER,
  APPOINTMENT_ID,
  INACTIVE_CARRIER,
  mockAppointmentsApi,
  requestsTo,
  SECOND_CARRIER,
  sampleAppointment,
  sampleResult,
} from './appointments.test-support.ts'

const T = APPOINTMENT_TEXTS
const SUBMIT_PATH = `/api/appointments/${APPOINTMENT_ID}/submit-to-carrier`
const withAppointment = [stub(listAppointmentsCall, { body: { data: [sampleAppointment()] } })]

async function openSubmitTab() {
  renderApp('/appointments?tab=submit')
  return screen.findByRole('group', { name: /Carriers/ })
}

const bar = () => screen.getByRole('progressbar', { name: 'Submission progress' })

describe('Submit to Carrier', () => {
  it('shows the gate message until an application exists, and offers the form', async () => {
    const fetchMock = mockAppointmentsApi()
    const { router } = renderApp('/appointments?tab=submit')
    expect(await screen.findByText(T.gate)).toBeInTheDocument()
    expect(screen.queryByRole('checkbox', { name: ACTIVE_CARRIER.name })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: T.tabNew }))
    await waitFor(() => expect(router.state.location.search).toBe('?tab=new'))
    expect(requestsTo(fetchMock, 'POST', SUBMIT_PATH)).toHaveLength(0)
  })

  it('lists only active carriers, none selected', async () => {
    mockAppointmentsApi(...withAppointment)
    const carriers = await openSubmitTab()
    expect(within(carriers).getByRole('checkbox', { name: ACTIVE_CARRIER.name })).not.toBeChecked()
    expect(within(carriers).queryByRole('checkbox', { name: INACTIVE_CARRIER.name })).toBeNull()
  })

  it('filters the list by name or code, keeping what was chosen', async () => {
    const fetchMock = mockAppointmentsApi(
      ...withAppointment,
      stub(submitAppointmentCall, { body: [sampleResult()] }),
    )
    const carriers = await openSubmitTab()
    fireEvent.click(within(carriers).getByRole('checkbox', { name: ACTIVE_CARRIER.name }))
    fireEvent.change(within(carriers).getByRole('searchbox', { name: 'Filter carriers' }), {
      target: { value: SECOND_CARRIER.code.toLowerCase() },
    })
    expect(
      within(carriers)
        .getAllByRole('checkbox')
        .map((box) => box.id),
    ).toEqual([`submit-carrier-${SECOND_CARRIER.id}`])
    fireEvent.click(within(carriers).getByRole('checkbox', { name: SECOND_CARRIER.name }))
    expect(within(carriers).getByText('2 of 4 selected')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }))
    await screen.findByText(T.carrierSubmitted)
    expect(requestsTo(fetchMock, 'POST', SUBMIT_PATH)[0]?.body.carrierIds).toEqual([
      ACTIVE_CARRIER.id,
      SECOND_CARRIER.id,
    ])
  })

  it('refuses to submit with no carrier selected, without calling the server', async () => {
    const fetchMock = mockAppointmentsApi(...withAppointment)
    await openSubmitTab()
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText(T.noCarriersTitle)).toBeInTheDocument()
    expect(screen.getByText(T.noCarriers)).toBeInTheDocument()
    expect(requestsTo(fetchMock, 'POST', SUBMIT_PATH)).toHaveLength(0)
  })

  it('runs the bar 10 points every 500 ms up to 90, then 100 with the results', async () => {
    const held = holdAnswer(submitAppointmentCall)
    const fetchMock = mockAppointmentsApi(...withAppointment, held.stub)
    const carriers = await openSubmitTab()
    fireEvent.click(within(carriers).getByRole('checkbox', { name: ACTIVE_CARRIER.name }))
    fireEvent.click(within(carriers).getByRole('checkbox', { name: SECOND_CARRIER.name }))
    // Only the bar's interval is faked: the query client's own timers keep running.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }))
    expect(bar()).toHaveAttribute('aria-valuenow', '0')
    act(() => vi.advanceTimersByTime(499))
    expect(bar()).toHaveAttribute('aria-valuenow', '0')
    act(() => vi.advanceTimersByTime(1))
    expect(bar()).toHaveAttribute('aria-valuenow', '10')
    act(() => vi.advanceTimersByTime(1000))
    expect(bar()).toHaveAttribute('aria-valuenow', '30')
    act(() => vi.advanceTimersByTime(10_000))
    expect(bar()).toHaveAttribute('aria-valuenow', '90')
    held.release({
      body: [
        sampleResult({ confirmationNumber: 'FC-123456' }),
        sampleResult(
          {
            status: 'failed',
            message: 'The carrier refused the packet',
            confirmationNumber: null,
            errors: ['NPN not found', 'E&O below the minimum'],
          },
          SECOND_CARRIER,
        ),
      ],
    })
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuenow', '100'))
    expect(await screen.findByText(T.carrierSubmitted)).toBeInTheDocument()
    expect(requestsTo(fetchMock, 'POST', SUBMIT_PATH)[0]?.body).toEqual({
      carrierIds: [ACTIVE_CARRIER.id, SECOND_CARRIER.id],
    })
    const results = screen.getByRole('list', { name: 'Submission results' })
    const ok = within(results).getByRole('listitem', { name: ACTIVE_CARRIER.name })
    expect(ok).toHaveTextContent('Success')
    expect(ok).toHaveTextContent('Confirmation number: FC-123456')
    const failed = within(results).getByRole('listitem', { name: SECOND_CARRIER.name })
    expect(failed).toHaveTextContent('Failed')
    expect(failed).toHaveTextContent('The carrier refused the packet')
    const bullets = within(failed).getByRole('list', { name: `Errors for ${SECOND_CARRIER.name}` })
    expect(
      within(bullets)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['NPN not found', 'E&O below the minimum'])
  })

  it('puts the bar back to 0 and toasts the failure when the submission fails', async () => {
    const held = holdAnswer(submitAppointmentCall)
    const _fetchMock = mockAppointmentsApi(...withAppointment, held.stub)
    const carriers = await openSubmitTab()
    fireEvent.click(within(carriers).getByRole('checkbox', { name: ACTIVE_CARRIER.name }))
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }))
    act(() => vi.advanceTimersByTime(1500))
    expect(bar()).toHaveAttribute('aria-valuenow', '30')
    held.release({ status: 409, body: { message: 'This application was already sent to Cheap Mutual.' } })
    expect(await screen.findByText(T.carrierFailed)).toBeInTheDocument()
    expect(screen.getByText('This application was already sent to Cheap Mutual.')).toBeInTheDocument()
    expect(bar()).toHaveAttribute('aria-valuenow', '0')
    act(() => vi.advanceTimersByTime(2000))
    expect(bar()).toHaveAttribute('aria-valuenow', '0')
  })
})
