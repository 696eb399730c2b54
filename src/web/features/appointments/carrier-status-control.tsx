import { type FormEvent, useState } from 'react'
import type { AppointmentCarrier } from '#shared/contracts/appointments.contract.ts'
import {
  APPOINTMENT_STATUS_LABELS,
  MANUAL_APPOINTMENT_STATUSES,
  type ManualAppointmentStatus,
  refusedAppointmentMove,
} from '#shared/domain/appointment-status.ts'
import { Button } from '#web/components/button.tsx'
import { Select } from '#web/components/select.tsx'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useUpdateAppointmentStatus } from './appointments.queries.ts'

/** An agency admin records a carrier's answer that came by phone or letter (forward moves only). */
export function CarrierStatusControl({
  appointmentId,
  carrier,
}: {
  appointmentId: string
  carrier: AppointmentCarrier
}) {
  const update = useUpdateAppointmentStatus()
  const allowed = MANUAL_APPOINTMENT_STATUSES.filter(
    (to) => refusedAppointmentMove(carrier.submissionStatus, to) === null,
  )
  const [status, setStatus] = useState<string>(allowed[0] ?? '')
  // After a move the choices change: fall back to the first one still allowed.
  const chosen = allowed.find((choice) => choice === status) ?? allowed[0]
  if (!chosen) return null
  const id = `status-${appointmentId}-${carrier.carrierId}`

  const submit = (event: FormEvent, next: ManualAppointmentStatus) => {
    event.preventDefault()
    update.mutate(
      { id: appointmentId, carrierId: carrier.carrierId, status: next },
      {
        onSuccess: () =>
          showToast({
            title: 'Status updated',
            description: `${carrier.carrierName}: ${APPOINTMENT_STATUS_LABELS[next]}`,
            variant: 'success',
          }),
        onError: (error) =>
          showToast({
            title: 'Could not update the status',
            description: isApiError(error) ? error.message : undefined,
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <form onSubmit={(event) => submit(event, chosen)} className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">
        New status for {carrier.carrierName}
      </label>
      <Select
        id={id}
        value={chosen}
        onChange={(event) => setStatus(event.target.value)}
        options={allowed.map((value) => ({ value, label: APPOINTMENT_STATUS_LABELS[value] }))}
        className="w-36"
      />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={update.isPending}
        aria-label={`Set status for ${carrier.carrierName}`}
      >
        {update.isPending ? 'Saving...' : 'Set status'}
      </Button>
    </form>
  )
}
