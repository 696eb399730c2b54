import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { CallBody } from '#shared/contracts/call.ts'
import {
  addAgentCall,
  completeStepCall,
  createWorkflowCall,
  listAgentsCall,
  listWorkflowsCall,
  type NewAgent,
  resendInvitationCall,
  type WorkflowInput,
} from '#shared/contracts/onboarding-agents.contract.ts'
import {
  dashboardCall,
  licenseExpirationCall,
  PROGRESS_CSV_PATH,
  type ProgressQuery,
  progressCall,
} from '#shared/contracts/onboarding-progress.contract.ts'
import {
  addDocumentCall,
  addLicenseCall,
  type DocumentInput,
  type LicenseInput,
  listDocumentsCall,
  listLicensesCall,
  listTrainingCall,
  scheduleTrainingCall,
  type TrainingInput,
  updateDocumentCall,
  updateLicenseCall,
  updateTrainingCall,
} from '#shared/contracts/onboarding-records.contract.ts'
import { buildUrl, callApi } from '#web/lib/api.ts'
import { downloadFile } from '#web/lib/save-file.ts'

/** Every onboarding query sits under one key: a change refreshes the lists, cards and banner at once. */
export const onboardingKeys = {
  all: ['onboarding'] as const,
  workflows: ['onboarding', 'workflows'] as const,
  licenses: (agentId?: string) => ['onboarding', 'licenses', agentId ?? null] as const,
  training: (agentId?: string) => ['onboarding', 'training', agentId ?? null] as const,
  documents: (agentId?: string) => ['onboarding', 'documents', agentId ?? null] as const,
  dashboard: ['onboarding', 'dashboard'] as const,
  progress: (query: ProgressQuery) => ['onboarding', 'progress', query] as const,
  expiring: ['onboarding', 'license-expiration'] as const,
  agents: (q: string) => ['onboarding', 'agents', q] as const,
}

export const workflowsQuery = queryOptions({
  queryKey: onboardingKeys.workflows,
  queryFn: ({ signal }) => callApi(listWorkflowsCall, { signal }),
})
export const licensesQuery = (agentId?: string) =>
  queryOptions({
    queryKey: onboardingKeys.licenses(agentId),
    queryFn: ({ signal }) => callApi(listLicensesCall, { query: { agentId }, signal }),
  })
export const trainingQuery = (agentId?: string) =>
  queryOptions({
    queryKey: onboardingKeys.training(agentId),
    queryFn: ({ signal }) => callApi(listTrainingCall, { query: { agentId }, signal }),
  })
export const documentsQuery = (agentId?: string) =>
  queryOptions({
    queryKey: onboardingKeys.documents(agentId),
    queryFn: ({ signal }) => callApi(listDocumentsCall, { query: { agentId }, signal }),
  })
/** The stat cards read the stats; the first rows are enough for them (the table reads progress). */
export const dashboardQuery = queryOptions({
  queryKey: onboardingKeys.dashboard,
  queryFn: ({ signal }) => callApi(dashboardCall, { query: { limit: 1 }, signal }),
})
export const progressQuery = (query: ProgressQuery) =>
  queryOptions({
    queryKey: onboardingKeys.progress(query),
    queryFn: ({ signal }) => callApi(progressCall, { query, signal }),
    placeholderData: keepPreviousData,
  })
export const expiringQuery = queryOptions({
  queryKey: onboardingKeys.expiring,
  queryFn: ({ signal }) => callApi(licenseExpirationCall, { signal }),
})
export const agentsQuery = (q: string) =>
  queryOptions({
    queryKey: onboardingKeys.agents(q),
    queryFn: ({ signal }) =>
      callApi(listAgentsCall, { query: { q }, signal }).then((answer) => answer.agents),
    staleTime: 30_000,
  })

/** A mutation that refreshes everything onboarding shows once it succeeds. */
function useOnboardingMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: onboardingKeys.all }),
  })
}

export const useAddAgent = () => useOnboardingMutation((body: NewAgent) => callApi(addAgentCall, { body }))
export const useResendInvitation = () =>
  useOnboardingMutation((id: string) => callApi(resendInvitationCall, { params: { id } }))
export const useCompleteStep = () =>
  useOnboardingMutation((ids: { id: string; stepId: string }) => callApi(completeStepCall, { params: ids }))
export const useCreateWorkflow = () =>
  useOnboardingMutation((body: WorkflowInput) => callApi(createWorkflowCall, { body }))
export const useAddLicense = () =>
  useOnboardingMutation((body: LicenseInput) => callApi(addLicenseCall, { body }))
export const useUpdateLicense = () =>
  useOnboardingMutation(({ id, body }: { id: string; body: CallBody<typeof updateLicenseCall> }) =>
    callApi(updateLicenseCall, { params: { id }, body }),
  )
export const useScheduleTraining = () =>
  useOnboardingMutation((body: TrainingInput) => callApi(scheduleTrainingCall, { body }))
export const useUpdateTraining = () =>
  useOnboardingMutation(({ id, body }: { id: string; body: CallBody<typeof updateTrainingCall> }) =>
    callApi(updateTrainingCall, { params: { id }, body }),
  )
export const useAddDocument = () =>
  useOnboardingMutation((body: DocumentInput) => callApi(addDocumentCall, { body }))
export const useUpdateDocument = () =>
  useOnboardingMutation(({ id, body }: { id: string; body: CallBody<typeof updateDocumentCall> }) =>
    callApi(updateDocumentCall, { params: { id }, body }),
  )

export function exportProgressCsv(query: Omit<ProgressQuery, 'page' | 'limit'>): Promise<void> {
  const day = new Date().toISOString().slice(0, 10)
  return downloadFile(buildUrl(PROGRESS_CSV_PATH, undefined, query), `onboarding-progress-${day}.csv`)
}
