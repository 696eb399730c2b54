import { useQuery } from '@tanstack/react-query'
import { Send } from 'lucide-react'
import { useState } from 'react'
import {
  APPOINTMENT_TEXTS,
  type Appointment,
  type CarrierResult,
} from '#shared/contracts/appointments.contract.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Progress } from '#web/components/progress.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { carriersQuery } from '#web/features/carriers/carriers.queries.ts'
import { isApiError } from '#web/lib/api.ts'
import { formatDate } from '#web/lib/format.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { appointmentsQuery, loadFailure, useSubmitToCarriers } from './appointments.queries.ts'
import { CarrierPicker } from './carrier-picker.tsx'
import { CarrierResults, successCountText } from './carrier-results.tsx'
import { useSubmissionProgress } from './use-submission-progress.ts'

const T = APPOINTMENT_TEXTS

/** Spec §2 and §4: gated until an application exists; the newest one is sent. */
export function SubmitToCarrierTab({ onStartApplication }: { onStartApplication: () => void }) {
  const appointments = useQuery(appointmentsQuery())
  if (appointments.isPending) return <Spinner label="Loading your applications" />
  if (appointments.isError) return <Alert tone="error">{loadFailure(appointments.error)}</Alert>
  const appointment = appointments.data?.[0]
  if (!appointment) {
    return (
      <div className="grid justify-items-start gap-3">
        <Alert tone="warning">{T.gate}</Alert>
        <Button variant="outline" onClick={onStartApplication}>
          {T.tabNew}
        </Button>
      </div>
    )
  }
  return <CarrierSubmission appointment={appointment} />
}

function CarrierSubmission({ appointment }: { appointment: Appointment }) {
  const carriers = useQuery(carriersQuery)
  const active = (carriers.data ?? []).filter((carrier) => carrier.isActive)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [results, setResults] = useState<CarrierResult[] | null>(null)
  // The bar appears with the first submission and stays, at 0 after a failure.
  const [started, setStarted] = useState(false)
  const progress = useSubmissionProgress()
  const submitToCarriers = useSubmitToCarriers()

  function submit() {
    if (selected.size === 0) {
      showToast({ title: T.noCarriersTitle, description: T.noCarriers, variant: 'destructive' })
      return
    }
    setResults(null)
    setStarted(true)
    progress.start()
    submitToCarriers.mutate(
      { id: appointment.id, carrierIds: [...selected] },
      {
        onSuccess: (answer) => {
          progress.succeed()
          setResults(answer)
          showToast({ title: T.carrierSubmitted, description: successCountText(answer), variant: 'success' })
        },
        onError: (error) => {
          progress.fail()
          showToast({
            title: T.carrierFailed,
            description: isApiError(error) ? error.message : undefined,
            variant: 'destructive',
          })
        },
      },
    )
  }

  const submitting = submitToCarriers.isPending
  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.tabSubmit}</CardTitle>
        <CardDescription>
          Sending the application of {appointment.fullName} (NPN {appointment.npn}) from{' '}
          {formatDate(appointment.createdAt)}. Each carrier receives its contracting packet.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {carriers.isPending ? (
          <Spinner label="Loading carriers" />
        ) : active.length === 0 ? (
          <Alert tone="warning">No active carriers. Switch a carrier on in Carriers first.</Alert>
        ) : (
          <CarrierPicker carriers={active} selected={selected} onChange={setSelected} disabled={submitting} />
        )}
        {started && <Progress label="Submission progress" value={progress.value} />}
        <div className="flex justify-end">
          <Button onClick={submit} disabled={submitting} className="w-full sm:w-auto">
            <Send aria-hidden="true" />
            {submitting ? 'Submitting...' : 'Submit'}
          </Button>
        </div>
        {results && <CarrierResults results={results} />}
      </CardContent>
    </Card>
  )
}
