import type { ComponentType } from 'react'
import type { Appointment, AppointmentCarrier } from '#shared/contracts/appointments.contract.ts'
import type { CarrierSubmission } from '#shared/contracts/carrier-delivery.contract.ts'
import { formatDate, formatDateTime } from '#web/lib/format.ts'
import { AppointmentStatusBadge } from './appointment-status-badge.tsx'
import { useRefreshAppointments } from './appointments.queries.ts'
import { CarrierStatusControl } from './carrier-status-control.tsx'

/** What the agent can do with a carrier's copy (carrier delivery's actions, composed by the route). */
export type SubmissionActionsSlot = ComponentType<{
  submission: Pick<CarrierSubmission, 'id' | 'status' | 'carrierName' | 'documentId'>
  onChanged: () => unknown
}>

interface AppointmentHistoryItemProps {
  appointment: Appointment
  /** The agency view names the agent; an admin may also set each carrier's answer. */
  showAgent: boolean
  canSetStatus: boolean
  SubmissionActions: SubmissionActionsSlot
}

/** One application: its overall status and where it stands with each carrier. */
export function AppointmentHistoryItem({
  appointment,
  showAgent,
  canSetStatus,
  SubmissionActions,
}: AppointmentHistoryItemProps) {
  const headingId = `appointment-${appointment.id}`
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid gap-0.5">
            <h3 id={headingId} className="font-semibold text-slate-900">
              {appointment.fullName} · {formatDate(appointment.createdAt)}
            </h3>
            <p className="text-sm text-slate-600">
              {[
                showAgent ? `Agent: ${appointment.agentName}` : null,
                `NPN ${appointment.npn}`,
                appointment.stateLicenses.join(', '),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
          <AppointmentStatusBadge status={appointment.status} />
        </div>
        {appointment.carriers.length === 0 ? (
          <p className="text-sm text-slate-600">Not sent to any carrier yet.</p>
        ) : (
          <ul
            aria-label={`Carriers for ${appointment.fullName}`}
            className="divide-y divide-slate-200 rounded-md border border-slate-200"
          >
            {appointment.carriers.map((carrier) => (
              <CarrierRow
                key={carrier.carrierId}
                appointmentId={appointment.id}
                carrier={carrier}
                canSetStatus={canSetStatus}
                SubmissionActions={SubmissionActions}
              />
            ))}
          </ul>
        )}
      </article>
    </li>
  )
}

function CarrierRow({
  appointmentId,
  carrier,
  canSetStatus,
  SubmissionActions,
}: {
  appointmentId: string
  carrier: AppointmentCarrier
  canSetStatus: boolean
  SubmissionActions: SubmissionActionsSlot
}) {
  const refresh = useRefreshAppointments()
  return (
    <li aria-label={carrier.carrierName} className="grid gap-1 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-slate-900">{carrier.carrierName}</span>
        <AppointmentStatusBadge status={carrier.status} />
      </div>
      {carrier.message && <p className="text-slate-700">{carrier.message}</p>}
      <p className="text-xs text-slate-600">
        {[
          carrier.confirmationNumber ? `Confirmation ${carrier.confirmationNumber}` : null,
          `Updated ${formatDateTime(carrier.updatedAt)}`,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <div className="flex flex-wrap items-start gap-2 pt-1">
        <SubmissionActions
          submission={{
            id: carrier.submissionId,
            status: carrier.submissionStatus,
            carrierName: carrier.carrierName,
            documentId: carrier.documentId,
          }}
          onChanged={refresh}
        />
        {canSetStatus && <CarrierStatusControl appointmentId={appointmentId} carrier={carrier} />}
      </div>
    </li>
  )
}
