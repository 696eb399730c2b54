import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { APPOINTMENT_TEXTS } from '#shared/contracts/appointments.contract.ts'
import { isAgencyAdmin } from '#shared/domain/roles.ts'
import { Alert } from '#web/components/alert.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { Switch } from '#web/components/switch.tsx'
import { useCurrentUser } from '#web/lib/current-user.ts'
import { AppointmentHistoryItem, type SubmissionActionsSlot } from './appointment-history-item.tsx'
import { type AppointmentScope, appointmentsQuery, loadFailure } from './appointments.queries.ts'

export const AGENCY_SCOPE_LABEL = 'Show the whole agency'

/** Spec §2: the agent's applications, newest first; an agency admin may see everyone's. */
export function ApplicationHistoryTab({ SubmissionActions }: { SubmissionActions: SubmissionActionsSlot }) {
  const isAdmin = isAgencyAdmin(useCurrentUser().role)
  const [scope, setScope] = useState<AppointmentScope>('mine')
  const appointments = useQuery(appointmentsQuery(isAdmin ? scope : 'mine'))
  const list = appointments.data ?? []
  return (
    <section aria-labelledby="history-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="history-heading" className="text-lg font-semibold text-slate-900">
          {APPOINTMENT_TEXTS.tabHistory}
        </h2>
        {isAdmin && (
          <div className="flex items-center gap-2">
            <Switch
              id="history-scope"
              checked={scope === 'agency'}
              onCheckedChange={(on) => setScope(on ? 'agency' : 'mine')}
            />
            <label htmlFor="history-scope" className="text-sm font-medium text-slate-800">
              {AGENCY_SCOPE_LABEL}
            </label>
          </div>
        )}
      </div>
      {appointments.isPending ? (
        <Spinner label="Loading applications" />
      ) : appointments.isError ? (
        <Alert tone="error">{loadFailure(appointments.error)}</Alert>
      ) : list.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
          {APPOINTMENT_TEXTS.historyEmpty}
        </p>
      ) : (
        <ul aria-label="Applications" className="grid gap-3">
          {list.map((appointment) => (
            <AppointmentHistoryItem
              key={appointment.id}
              appointment={appointment}
              showAgent={scope === 'agency'}
              canSetStatus={isAdmin}
              SubmissionActions={SubmissionActions}
            />
          ))}
        </ul>
      )}
    </section>
  )
}
