import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  type AppointmentInput,
  createAppointmentCall,
  listAppointmentsCall,
  submitAppointmentCall,
  updateAppointmentStatusCall,
} from '#shared/contracts/appointments.contract.ts'
import type { CallBody } from '#shared/contracts/call.ts'
import {
  type DirectDepositInput,
  getDirectDepositCall,
  revealDirectDepositCall,
  saveDirectDepositCall,
} from '#shared/contracts/direct-deposit.contract.ts'
import { deleteDocumentCall, listDocumentsCall } from '#shared/contracts/documents.contract.ts'
import { getProducerProfileCall } from '#shared/contracts/producer-profile.contract.ts'
import { callApi, isApiError } from '#web/lib/api.ts'

export type AppointmentScope = 'mine' | 'agency'

export const appointmentKeys = {
  all: ['appointments'] as const,
  list: (scope: AppointmentScope) => ['appointments', 'list', scope] as const,
  profile: ['appointments', 'profile'] as const,
  directDeposit: ['appointments', 'direct-deposit'] as const,
}

export const documentKeys = { all: ['documents'] as const, list: ['documents', 'list'] as const }

/** The agent's applications (or, for an admin, the agency's), newest first. */
export function appointmentsQuery(scope: AppointmentScope = 'mine') {
  return queryOptions({
    queryKey: appointmentKeys.list(scope),
    queryFn: ({ signal }) =>
      callApi(listAppointmentsCall, { query: { scope }, signal }).then((answer) => answer.data),
  })
}

export const producerProfileQuery = queryOptions({
  queryKey: appointmentKeys.profile,
  queryFn: ({ signal }) => callApi(getProducerProfileCall, { signal }),
})

export const documentsQuery = queryOptions({
  queryKey: documentKeys.list,
  queryFn: ({ signal }) => callApi(listDocumentsCall, { signal }),
})

export const directDepositQuery = queryOptions({
  queryKey: appointmentKeys.directDeposit,
  queryFn: ({ signal }) => callApi(getDirectDepositCall, { signal }).then((answer) => answer.directDeposit),
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

export function useCreateAppointment() {
  const refresh = useRefreshAppointments()
  return useMutation({
    mutationFn: (input: AppointmentInput) => callApi(createAppointmentCall, { body: input }),
    onSuccess: refresh,
  })
}

export function useSubmitToCarriers() {
  const refresh = useRefreshAppointments()
  return useMutation({
    mutationFn: ({ id, carrierIds }: { id: string; carrierIds: string[] }) =>
      callApi(submitAppointmentCall, { params: { id }, body: { carrierIds } }),
    onSuccess: refresh,
  })
}

export type StatusUpdate = { id: string; carrierId: string } & CallBody<typeof updateAppointmentStatusCall>

export function useUpdateAppointmentStatus() {
  const refresh = useRefreshAppointments()
  return useMutation({
    mutationFn: ({ id, carrierId, ...body }: StatusUpdate) =>
      callApi(updateAppointmentStatusCall, { params: { id, carrierId }, body }),
    onSuccess: refresh,
  })
}

export function useDeleteDocument() {
  const refresh = useRefreshAppointments()
  return useMutation({
    mutationFn: (id: string) => callApi(deleteDocumentCall, { params: { id } }),
    onSuccess: refresh,
  })
}

export function useSaveDirectDeposit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: DirectDepositInput) => callApi(saveDirectDepositCall, { body: input }),
    onSuccess: (saved) => queryClient.setQueryData(appointmentKeys.directDeposit, saved),
  })
}

/**
 * The unmasked numbers live only in the component that asked (gcTime 0), never in a query: the
 * server writes an audit event for each reveal.
 */
export function useRevealDirectDeposit() {
  return useMutation({ mutationFn: () => callApi(revealDirectDepositCall), gcTime: 0 })
}
