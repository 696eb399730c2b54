import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { listAgencyUsersCall } from '#shared/contracts/agency-users.contract.ts'
import { routeOf } from '#shared/contracts/call.ts'
import {
  AUDIT_HISTORY_CSV_PATH,
  type AuditCheckpoint,
  type AuditHistoryFilters,
  applicationAuditTrailCall,
  auditHistoryCall,
  exportAuditCheckpointCall,
  getRetentionCall,
  setRetentionCall,
  termsCall,
  verifyAuditChainCall,
  verifyAuditCheckpointCall,
} from '#shared/contracts/compliance.contract.ts'
import { buildUrl, callApi } from '#web/lib/api.ts'
import { downloadFile, saveFile } from '#web/lib/save-file.ts'

const listAgencyUsersRoute = routeOf<typeof listAgencyUsersCall>('GET', '/api/agency/users')

export const complianceKeys = {
  all: ['compliance'] as const,
  history: (filters: AuditHistoryFilters) => ['compliance', 'history', filters] as const,
  trail: (applicationId: string) => ['compliance', 'trail', applicationId] as const,
  terms: ['compliance', 'terms'] as const,
  retention: ['compliance', 'retention'] as const,
  users: ['compliance', 'agency-users'] as const,
}

/** The agency's people for the history's user filter (an admin's; an agent gets only themselves). */
export const agencyUsersQuery = queryOptions({
  queryKey: complianceKeys.users,
  queryFn: ({ signal }) => callApi(listAgencyUsersRoute, { signal }).then((answer) => answer.users),
  staleTime: 5 * 60_000,
})

export function auditHistoryQuery(filters: AuditHistoryFilters) {
  return infiniteQueryOptions({
    queryKey: complianceKeys.history(filters),
    queryFn: ({ pageParam, signal }) =>
      callApi(auditHistoryCall, { query: { ...filters, limit: 50, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

export function applicationTrailQuery(applicationId: string) {
  return queryOptions({
    queryKey: complianceKeys.trail(applicationId),
    queryFn: ({ signal }) =>
      callApi(applicationAuditTrailCall, { query: { applicationId }, signal }).then((answer) => answer.data),
  })
}

export const termsQuery = queryOptions({
  queryKey: complianceKeys.terms,
  queryFn: ({ signal }) => callApi(termsCall, { signal }).then((answer) => answer.data),
  staleTime: Number.POSITIVE_INFINITY,
})

export const retentionQuery = queryOptions({
  queryKey: complianceKeys.retention,
  queryFn: ({ signal }) => callApi(getRetentionCall, { signal }),
})

export function useSetRetention() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (retentionYears: number) => callApi(setRetentionCall, { body: { retentionYears } }),
    onSuccess: (answer) => client.setQueryData(complianceKeys.retention, answer),
  })
}

export function useVerifyIntegrity() {
  return useMutation({ mutationFn: () => callApi(verifyAuditChainCall) })
}

export function useCheckCheckpoint() {
  return useMutation({
    mutationFn: (checkpoint: AuditCheckpoint) => callApi(verifyAuditCheckpointCall, { body: checkpoint }),
  })
}

export function exportAuditHistory(filters: AuditHistoryFilters): Promise<void> {
  const day = new Date().toISOString().slice(0, 10)
  return downloadFile(buildUrl(AUDIT_HISTORY_CSV_PATH, undefined, filters), `audit-history-${day}.csv`)
}

export async function downloadCheckpoint(): Promise<void> {
  const checkpoint = await callApi(exportAuditCheckpointCall)
  const blob = new Blob([JSON.stringify(checkpoint, null, 2)], { type: 'application/json' })
  saveFile(blob, `audit-checkpoint-${checkpoint.sequence}.json`)
}
