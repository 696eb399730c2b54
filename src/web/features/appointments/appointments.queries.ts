import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  AppointmentInput,
  createAppointmentCall,
  listAppointmentsCall,
  submitAppointmentCall,
  updateAppointmentStatusCall,
} from '#shared/contracts/appointments.contract.ts'
import type {
  DirectDepositInput,
  getDirectDepositCall,
  revealDirectDepositCall,
  saveDirectDepositCall,
} from '#shared/contracts/appointments-direct-deposit.contract.ts'
import type { getProducerProfileCall } from '#shared/contracts/appointments-producer-profile.contract.ts'
import { type CallBody, routeOf } from '#shared/contracts/call.ts'
import { documentKeys } from '#web/features/documents/documents.queries.ts'
import { callApi, isApiError } from '#web/lib/api.ts'

const createAppointmentRoute = routeOf<typeof createAppointmentCall>('POST', '/api/appointments')
const listAppointmentsRoute = routeOf<typeof listAppointmentsCall>('GET', '/api/appointments')
const submitAppointmentRoute = routeOf<typeof submitAppointmentCall>(
  'POST',
  '/api/appointments/:id/submit-to-carrier',
)
const updateAppointmentStatusRoute = routeOf<typeof updateAppointmentStatusCall>(
  'POST',
  '/api/appointments/:id/carriers/:carrierId/status',
)
const getDirectDepositRoute = routeOf<typeof getDirectDepositCall>('GET', '/api/appointments/direct-deposit')
const revealDirectDepositRoute = routeOf<typeof revealDirectDepositCall>(
  'POST',
  '/api/appointments/direct-deposit/reveal',
)
const saveDirectDepositRoute = routeOf<typeof saveDirectDepositCall>(
  'PUT',
  '/api/appointments/direct-deposit',
)
const getProducerProfileRoute = routeOf<typeof getProducerProfileCall>('GET', '/api/appointments/profile')

export type AppointmentScope = 'mine' | 'agency'

export const appointmentKeys = {
  all: ['appointments'] as const,
  list: (scope: AppointmentScope) => ['appointments', 'list', scope] as const,
  profile: ['appointments', 'profile'] as const,
  directDeposit: ['appointments', 'direct-deposit'] as const,
}

/** The agent's applications (or, for an admin, the agency's), newest first. */
export function appointmentsQuery(scope: AppointmentScope = 'mine') {
  return queryOptions({
    queryKey: appointmentKeys.list(scope),
    queryFn: ({ signal }) =>
      callApi(listAppointmentsRoute, { query: { scope }, signal }).then((answer) => answer.data),
  })
}

export const producerProfileQuery = queryOptions({
  queryKey: appointmentKeys.profile,
  queryFn: ({ signal }) => callApi(getProducerProfileRoute, { signal }),
})

export const directDepositQuery = queryOptions({
  queryKey: appointmentKeys.directDeposit,
  queryFn: ({ signal }) => callApi(getDirectDepositRoute, { signal }).then((answer) => answer.directDeposit),
})

/** A list that did not load says so, instead of looking empty. */
export function loadFailure(error: unknown): string {
  const reason = isApiError(error) ? ` (${error.message})` : ''
  return `Your applications could not be loaded${reason}. Reload the page to try again.`
}

/** Spec §7: a change refreshes the appointments, the profile built from them and the documents. */
export function useRefreshAppointments() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
      queryClient.invalidateQueries({ queryKey: documentKeys.all }),
    ])
}

/**
 * A document uploaded or deleted (the documents feature refreshes its own list): the profile built
 * from the documents, and the applications they are tied to.
 */
export function useRefreshAfterDocumentChange() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: appointmentKeys.all })
}

export function useCreateAppointment() {
  const refresh = useRefreshAppointments()
  return useMutation({
    mutationFn: (input: AppointmentInput) => callApi(createAppointmentRoute, { body: input }),
    onSuccess: refresh,
  })
}

export function useSubmitToCarriers() {
  const refresh = useRefreshAppointments()
  return useMutation({
    mutationFn: ({ id, carrierIds }: { id: string; carrierIds: string[] }) =>
      callApi(submitAppointmentRoute, { params: { id }, body: { carrierIds } }),
    onSuccess: refresh,
  })
}

export type StatusUpdate = { id: string; carrierId: string } & CallBody<typeof updateAppointmentStatusCall>

export function useUpdateAppointmentStatus() {
  const refresh = useRefreshAppointments()
  return useMutation({
    mutationFn: ({ id, carrierId, ...body }: StatusUpdate) =>
      callApi(updateAppointmentStatusRoute, { params: { id, carrierId }, body }),
    onSuccess: refresh,
  })
}

export function useSaveDirectDeposit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: DirectDepositInput) => callApi(saveDirectDepositRoute, { body: input }),
    onSuccess: (saved) => queryClient.setQueryData(appointmentKeys.directDeposit, saved),
  })
}

/**
 * The unmasked numbers live only in the component that asked (gcTime 0), never in a query: the
 * server writes an audit event for each reveal.
 */
export function useRevealDirectDeposit() {
  return useMutation({ mutationFn: () => callApi(revealDirectDepositRoute), gcTime: 0 })
}
