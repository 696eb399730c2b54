import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  agencyTwoFactorCall,
  type ChangePasswordInput,
  changePasswordCall,
  confirmEnrolmentCall,
  type DisableTwoFactorInput,
  disableTwoFactorCall,
  endOtherSessionsCall,
  endSessionCall,
  listSessionsCall,
  type RegenerateCodesInput,
  regenerateRecoveryCodesCall,
  securityStatusCall,
  startEnrolmentCall,
} from '#shared/contracts/security.contract.ts'
import { callApi } from '#web/lib/api.ts'

export const securityKeys = {
  all: ['settings', 'security'] as const,
  status: ['settings', 'security', 'status'] as const,
  sessions: ['settings', 'security', 'sessions'] as const,
}

export const securityStatusQuery = queryOptions({
  queryKey: securityKeys.status,
  queryFn: ({ signal }) => callApi(securityStatusCall, { signal }),
})

export const sessionsQuery = queryOptions({
  queryKey: securityKeys.sessions,
  queryFn: ({ signal }) => callApi(listSessionsCall, { signal }),
})

function useInvalidateSecurity() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: securityKeys.all })
}

export function useChangePasswordMutation() {
  const invalidate = useInvalidateSecurity()
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => callApi(changePasswordCall, { body: input }),
    onSuccess: invalidate,
  })
}

export function useStartEnrolmentMutation() {
  return useMutation({
    mutationFn: (body: { currentPassword?: string }) => callApi(startEnrolmentCall, { body }),
  })
}

/** The status is refreshed when the user closes the codes (refreshing now would hide them). */
export function useConfirmEnrolmentMutation() {
  return useMutation({
    mutationFn: (body: { enrolmentToken: string; code: string }) => callApi(confirmEnrolmentCall, { body }),
  })
}

export function useRefreshSecurity() {
  return useInvalidateSecurity()
}

export function useRegenerateCodesMutation() {
  const invalidate = useInvalidateSecurity()
  return useMutation({
    mutationFn: (body: RegenerateCodesInput) => callApi(regenerateRecoveryCodesCall, { body }),
    onSuccess: invalidate,
  })
}

export function useDisableTwoFactorMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: DisableTwoFactorInput) => callApi(disableTwoFactorCall, { body: input }),
    onSuccess: (status) => queryClient.setQueryData(securityKeys.status, status),
  })
}

export function useAgencyTwoFactorMutation() {
  const invalidate = useInvalidateSecurity()
  return useMutation({
    mutationFn: (required: boolean) => callApi(agencyTwoFactorCall, { body: { required } }),
    onSuccess: invalidate,
  })
}

export function useEndSessionMutation() {
  const invalidate = useInvalidateSecurity()
  return useMutation({
    mutationFn: (id: string) => callApi(endSessionCall, { params: { id } }),
    onSuccess: invalidate,
  })
}

export function useEndOtherSessionsMutation() {
  const invalidate = useInvalidateSecurity()
  return useMutation({
    mutationFn: () => callApi(endOtherSessionsCall, { body: {} }),
    onSuccess: invalidate,
  })
}
