import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  APPOINTMENT_TEXTS,
  listAppointmentsCall,
  updateAppointmentStatusCall,
} from '#shared/contracts/appointments.contract.ts'
import { retrySubmissionCall } from '#shared/contracts/carrier-delivery.contract.ts'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { sampleSubmission } from '#web/features/applications/applications.test-support.ts'
import { SAMPLE_USER, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { AGENCY_SCOPE_LABEL } from './application-history-tab.tsx'
import { AppointmentStatusBadge } from './appointment-status-badge.tsx'
import {
  ACTIVE_CARRIER,
  APPOINTMENT_ID,
  mockAppointmentsApi,
  requestsTo,
  SECOND_CARRIER,
  sampleAppointment,
  sampleCarrierRow,
} from './appointments.test-support.ts'

const T = APPOINTMENT_TEXTS

const SENT = sampleAppointment({
  status: 'approved',
  carriers: [
    sampleCarrierRow({
      status: 'approved',
      submissionStatus: 'approved',
      message: 'Appointed',
      confirmationNumber: 'APT-9',
    }),
    sampleCarrierRow({
      carrierId: SECOND_CARRIER.id,
      carrierName: SECOND_CARRIER.name,
      status: 'pending',
      submissionStatus: 'under_review',
      message: null,
      confirmationNumber: null,
      documentId: '00000000-0000-4000-8000-000000000777',
    }),
  ],
})

async function openHistory() {
  renderApp('/appointments?tab=history')
  return screen.findByRole('list', { name: 'Applications' })
}

describe('Application History', () => {
  it('shows the empty state', async () => {
    mockAppointmentsApi()
    renderApp('/appointments?tab=history')
    expect(await screen.findByText(T.historyEmpty)).toBeInTheDocument()
  })

  it('lists each application with its status and each carrier with its own', async () => {
    mockAppointmentsApi(stub(listAppointmentsCall, { body: { data: [SENT] } }))
    const list = await openHistory()
    const item = within(list).getByRole('article', { name: /Dana Reyes · Mar 2, 2026/ })
    expect(item).toHaveTextContent('NPN 12345678 · CA, TX')
    const carriers = within(item).getByRole('list', { name: 'Carriers for Dana Reyes' })
    const approved = within(carriers).getByRole('listitem', { name: ACTIVE_CARRIER.name })
    expect(approved).toHaveTextContent('Approved')
    expect(approved).toHaveTextContent('Appointed')
    expect(approved).toHaveTextContent('Confirmation APT-9')
    const pending = within(carriers).getByRole('listitem', { name: SECOND_CARRIER.name })
    expect(pending).toHaveTextContent('Pending')
    const packet = within(pending).getByRole('link', { name: `Download packet for ${SECOND_CARRIER.name}` })
    expect(packet).toHaveAttribute('href', '/api/documents/00000000-0000-4000-8000-000000000777/download')
    // The packet is an attachment: the link saves it (the same actions as an application's submissions).
    expect(packet).toHaveAttribute('download')
  })

  it('lets the agent retry a failed delivery and mark a packet sent, as for an application', async () => {
    const failedRow = sampleCarrierRow({
      status: 'failed',
      submissionStatus: 'failed',
      message: 'Carrier refused',
    })
    const manualRow = sampleCarrierRow({
      carrierId: SECOND_CARRIER.id,
      carrierName: SECOND_CARRIER.name,
      submissionId: '00000000-0000-4000-8000-000000000501',
      submissionStatus: 'action_required',
    })
    const fetchMock = mockAppointmentsApi(
      stub(listAppointmentsCall, {
        body: { data: [sampleAppointment({ carriers: [failedRow, manualRow] })] },
      }),
      stub(retrySubmissionCall, {
        body: sampleSubmission({
          id: failedRow.submissionId!,
          carrierId: failedRow.carrierId,
          status: 'queued',
        }),
      }),
    )
    const list = await openHistory()
    const failed = within(list).getByRole('listitem', { name: ACTIVE_CARRIER.name })
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }))
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', `/api/submissions/${failedRow.submissionId}/retry`)).toHaveLength(
        1,
      ),
    )
    const manual = within(list).getByRole('listitem', { name: SECOND_CARRIER.name })
    expect(within(manual).getByRole('button', { name: 'Mark as sent' })).toBeInTheDocument()
  })

  it('colours the badges as the spec says, with a clock for submitted and pending', () => {
    const { container } = render(
      <div>
        {['submitted', 'pending', 'approved', 'rejected', 'failed', 'on_hold'].map((status) => (
          <AppointmentStatusBadge key={status} status={status} />
        ))}
      </div>,
    )
    const badge = (status: string) => container.querySelector(`[data-status="${status}"]`)!
    const icon = (status: string) => badge(status).querySelector('svg')!.getAttribute('class')
    expect(badge('submitted')).toHaveClass('bg-blue-50')
    expect(icon('submitted')).toContain('lucide-clock')
    expect(badge('pending')).toHaveClass('bg-blue-50')
    expect(icon('pending')).toContain('lucide-clock')
    expect(badge('approved')).toHaveClass('bg-green-50')
    expect(badge('rejected')).toHaveClass('bg-red-50')
    expect(badge('failed')).toHaveClass('bg-amber-50')
    expect(badge('failed')).toHaveTextContent('Delivery failed')
    expect(icon('failed')).toContain('lucide-triangle-alert')
    expect(badge('on_hold')).toHaveClass('bg-amber-50')
  })

  it('lets an agency admin see the whole agency and set a carrier status', async () => {
    const fetchMock = mockAppointmentsApi(
      stub(listAppointmentsCall, ({ url }) => ({
        body: {
          data:
            url.searchParams.get('scope') === 'agency'
              ? [SENT, sampleAppointment({ id: 'other', agentName: 'Sam Lee', fullName: 'Sam Lee' })]
              : [SENT],
        },
      })),
      stub(updateAppointmentStatusCall, {
        body: { ...SENT, carriers: [SENT.carriers[0]!, { ...SENT.carriers[1]!, status: 'approved' }] },
      }),
    )
    const list = await openHistory()
    expect(within(list).getAllByRole('article')).toHaveLength(1)
    fireEvent.click(screen.getByRole('switch', { name: AGENCY_SCOPE_LABEL }))
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Applications' })).getAllByRole('article')).toHaveLength(
        2,
      ),
    )
    expect(screen.getByRole('article', { name: /Sam Lee/ })).toHaveTextContent('Agent: Sam Lee')
    expect(
      requestsTo(fetchMock, 'GET', '/api/appointments').some(({ url }) => url.search === '?scope=agency'),
    ).toBe(true)

    // Approved is final: only the pending carrier can still move.
    expect(screen.queryByRole('button', { name: `Set status for ${ACTIVE_CARRIER.name}` })).toBeNull()
    const choice = screen.getAllByRole('combobox', { name: `New status for ${SECOND_CARRIER.name}` })[0]!
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Approved', 'Rejected'])
    fireEvent.change(choice, { target: { value: 'rejected' } })
    fireEvent.click(screen.getAllByRole('button', { name: `Set status for ${SECOND_CARRIER.name}` })[0]!)
    expect(await screen.findByText('Status updated')).toBeInTheDocument()
    const path = `/api/appointments/${APPOINTMENT_ID}/carriers/${SECOND_CARRIER.id}/status`
    expect(requestsTo(fetchMock, 'POST', path)[0]?.body).toEqual({ status: 'rejected' })
  })

  it('offers an agent neither the agency view nor the status control', async () => {
    mockAppointmentsApi(
      stub(currentUserCall, { body: { ...SAMPLE_USER, role: 'agent' } }),
      stub(listAppointmentsCall, { body: { data: [SENT] } }),
    )
    await openHistory()
    expect(screen.queryByRole('switch', { name: AGENCY_SCOPE_LABEL })).toBeNull()
    expect(screen.queryByRole('button', { name: /Set status/ })).toBeNull()
  })
})
