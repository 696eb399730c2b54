import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  agencyTwoFactorCall,
  ChangePasswordInput,
  changePasswordCall,
  confirmEnrolmentCall,
  DisableTwoFactorInput,
  disableTwoFactorCall,
  endOtherSessionsCall,
  endSessionCall,
  listSessionsCall,
  RegenerateCodesInput,
  regenerateRecoveryCodesCall,
  securityStatusCall,
  startEnrolmentCall,
} from '#shared/contracts/auth-security.contract.ts'
import { routeOf } from '#shared/contracts/call.ts'
import { callApi } from '#web/lib/api.ts'

const agencyTwoFactorRoute = routeOf<typeof agencyTwoFactorCall>(
  'PUT',
  '/api/settings/security/agency-two-factor',
)
const changePasswordRoute = routeOf<typeof changePasswordCall>('POST', '/api/settings/security/password')
const confirmEnrolmentRoute = routeOf<typeof confirmEnrolmentCall>(
  'POST',
  '/api/settings/security/two-factor',
)
const disableTwoFactorRoute = routeOf<typeof disableTwoFactorCall>(
  'POST',
  '/api/settings/security/two-factor/disable',
)
const endOtherSessionsRoute = routeOf<typeof endOtherSessionsCall>(
  'POST',
  '/api/settings/security/sessions/end-others',
)
const endSessionRoute = routeOf<typeof endSessionCall>('DELETE', '/api/settings/security/sessions/:id')
const listSessionsRoute = routeOf<typeof listSessionsCall>('GET', '/api/settings/security/sessions')
const regenerateRecoveryCodesRoute = routeOf<typeof regenerateRecoveryCodesCall>(
  'POST',
  '/api/settings/security/two-factor/recovery-codes',
)
const securityStatusRoute = routeOf<typeof securityStatusCall>('GET', '/api/settings/security')
const startEnrolmentRoute = routeOf<typeof startEnrolmentCall>(
  'POST',
  '/api/settings/security/two-factor/enrolment',
)

export const securityKeys = {
  all: ['settings', 'security'] as const,
  status: ['settings', 'security', 'status'] as const,
  sessions: ['settings', 'security', 'sessions'] as const,
}

export const securityStatusQuery = queryOptions({
  queryKey: securityKeys.status,
  queryFn: ({ signal }) => callApi(securityStatusRoute, { signal }),
})

export const sessionsQuery = queryOptions({
  queryKey: securityKeys.sessions,
  queryFn: ({ signal }) => callApi(listSessionsRoute, { signal }),
})

function useInvalidateSecurity() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: securityKeys.all })
}

export function useChangePasswordMutation() {
  const invalidate = useInvalidateSecurity()
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => callApi(changePasswordRoute, { body: input }),
    onSuccess: invalidate,
  })
}

export function useStartEnrolmentMutation() {
  return useMutation({
    mutationFn: (body: { currentPassword?: string }) => callApi(startEnrolmentRoute, { body }),
  })
}

/** The status is refreshed when the user closes the codes (refreshing now would hide them). */
export function useConfirmEnrolmentMutation() {
  return useMutation({
    mutationFn: (body: { enrolmentToken: string; code: string }) => callApi(confirmEnrolmentRoute, { body }),
  })
}

export function useRefreshSecurity() {
  return useInvalidateSecurity()
}

export function useRegenerateCodesMutation() {
  const invalidate = useInvalidateSecurity()
  return useMutation({
    mutationFn: (body: RegenerateCodesInput) => callApi(regenerateRecoveryCodesRoute, { body }),
    onSuccess: invalidate,
  })
}

export function useDisableTwoFactorMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: DisableTwoFactorInput) => callApi(disableTwoFactorRoute, { body: input }),
    onSuccess: (status) => queryClient.setQueryData(securityKeys.status, status),
  })
}

export function useAgencyTwoFactorMutation() {
  const invalidate = useInvalidateSecurity()
  return useMutation({
    mutationFn: (required: boolean) => callApi(agencyTwoFactorRoute, { body: { required } }),
    onSuccess: invalidate,
  })
}

export function useEndSessionMutation() {
  const invalidate = useInvalidateSecurity()
  return useMutation({
    mutationFn: (id: string) => callApi(endSessionRoute, { params: { id } }),
    onSuccess: invalidate,
  })
}

export function useEndOtherSessionsMutation() {
  const invalidate = useInvalidateSecurity()
  return useMutation({
    mutationFn: () => callApi(endOtherSessionsRoute, { body: {} }),
    onSuccess: invalidate,
  })
}
