import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { routeOf } from '#shared/contracts/call.ts'
import {
  importPoliciesCall,
  type listPolicyImportsCall,
  type PolicyImportResult,
} from '#shared/contracts/policy-import.contract.ts'
import { ApiResponseShapeError, apiErrorOf, callApi } from '#web/lib/api.ts'
import { policyKeys } from './policies.queries.ts'

const listPolicyImportsRoute = routeOf<typeof listPolicyImportsCall>('GET', '/api/policies/import/history')

/** POST /api/policies/import: multipart with one `file` field (the browser sets the boundary). */
export async function importPoliciesFile(file: File): Promise<PolicyImportResult> {
  const body = new FormData()
  body.append('file', file)
  const response = await fetch(importPoliciesCall.path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    body,
  })
  if (!response.ok) throw await apiErrorOf(response)
  const parsed = importPoliciesCall.response.safeParse(await response.json())
  if (!parsed.success) throw new ApiResponseShapeError(importPoliciesCall.path, parsed.error)
  return parsed.data
}

/** After an import (even a failed one may have written batches) every policies query asks again. */
export function useImportPolicies() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: importPoliciesFile,
    onSettled: () => queryClient.invalidateQueries({ queryKey: policyKeys.all }),
  })
}

/** While an import runs, its record says how far the reading is: asked every second. */
export const IMPORT_PROGRESS_REFRESH_MS = 1000

export function runningImportQuery(enabled: boolean) {
  return queryOptions({
    queryKey: [...policyKeys.all, 'imports'] as const,
    queryFn: ({ signal }) =>
      callApi(listPolicyImportsRoute, { signal }).then(
        (answer) => answer.data.find((record) => record.status === 'running') ?? null,
      ),
    enabled,
    refetchInterval: enabled ? IMPORT_PROGRESS_REFRESH_MS : false,
  })
}
