import { useQuery } from '@tanstack/react-query'
import { Spinner } from '#web/components/spinner.tsx'
import { AppointmentForm } from './appointment-form.tsx'
import { producerProfileQuery } from './appointments.queries.ts'

/**
 * The form waits for the producer profile so it starts prefilled. A profile that fails to load
 * only costs the prefill: the agent can still type the application, so no error page here.
 */
export function NewApplicationTab({ onSubmitted }: { onSubmitted: () => void }) {
  const profile = useQuery(producerProfileQuery)
  if (profile.isPending) return <Spinner label="Loading your producer profile" />
  return <AppointmentForm prefill={profile.data?.prefill} onSubmitted={onSubmitted} />
}
