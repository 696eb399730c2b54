import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { type CallBody, routeOf } from '#shared/contracts/call.ts'
import type {
  addAgentCall,
  completeStepCall,
  createWorkflowCall,
  listAgentsCall,
  listWorkflowsCall,
  NewAgent,
  resendInvitationCall,
  WorkflowInput,
} from '#shared/contracts/onboarding-agents.contract.ts'
import {
  dashboardCall,
  licenseExpirationCall,
  PROGRESS_CSV_PATH,
  type ProgressQuery,
  progressCall,
} from '#shared/contracts/onboarding-progress.contract.ts'
import type {
  addDocumentCall,
  addLicenseCall,
  DocumentInput,
  LicenseInput,
  listDocumentsCall,
  listLicensesCall,
  listTrainingCall,
  scheduleTrainingCall,
  TrainingInput,
  updateDocumentCall,
  updateLicenseCall,
  updateTrainingCall,
} from '#shared/contracts/onboarding-records.contract.ts'
import { buildUrl, callApi } from '#web/lib/api.ts'
import { downloadFile } from '#web/lib/save-file.ts'

const addAgentRoute = routeOf<typeof addAgentCall>('POST', '/api/agency-onboarding/agents')
const completeStepRoute = routeOf<typeof completeStepCall>(
  'POST',
  '/api/agency-onboarding/agents/:id/steps/:stepId/complete',
)
const createWorkflowRoute = routeOf<typeof createWorkflowCall>('POST', '/api/agency-onboarding/workflows')
const listAgentsRoute = routeOf<typeof listAgentsCall>('GET', '/api/agency-onboarding/agents')
const listWorkflowsRoute = routeOf<typeof listWorkflowsCall>('GET', '/api/agency-onboarding/workflows')
const resendInvitationRoute = routeOf<typeof resendInvitationCall>(
  'POST',
  '/api/agency-onboarding/agents/:id/invitation',
)
const addDocumentRoute = routeOf<typeof addDocumentCall>('POST', '/api/agency-onboarding/documents')
const addLicenseRoute = routeOf<typeof addLicenseCall>('POST', '/api/agency-onboarding/licenses')
const listDocumentsRoute = routeOf<typeof listDocumentsCall>('GET', '/api/agency-onboarding/documents')
const listLicensesRoute = routeOf<typeof listLicensesCall>('GET', '/api/agency-onboarding/licenses')
const listTrainingRoute = routeOf<typeof listTrainingCall>('GET', '/api/agency-onboarding/training')
const scheduleTrainingRoute = routeOf<typeof scheduleTrainingCall>('POST', '/api/agency-onboarding/training')
const updateDocumentRoute = routeOf<typeof updateDocumentCall>(
  'PATCH',
  '/api/agency-onboarding/documents/:id',
)
const updateLicenseRoute = routeOf<typeof updateLicenseCall>('PATCH', '/api/agency-onboarding/licenses/:id')
const updateTrainingRoute = routeOf<typeof updateTrainingCall>('PATCH', '/api/agency-onboarding/training/:id')

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
  queryFn: ({ signal }) => callApi(listWorkflowsRoute, { signal }),
})
export const licensesQuery = (agentId?: string) =>
  queryOptions({
    queryKey: onboardingKeys.licenses(agentId),
    queryFn: ({ signal }) => callApi(listLicensesRoute, { query: { agentId }, signal }),
  })
export const trainingQuery = (agentId?: string) =>
  queryOptions({
    queryKey: onboardingKeys.training(agentId),
    queryFn: ({ signal }) => callApi(listTrainingRoute, { query: { agentId }, signal }),
  })
export const documentsQuery = (agentId?: string) =>
  queryOptions({
    queryKey: onboardingKeys.documents(agentId),
    queryFn: ({ signal }) => callApi(listDocumentsRoute, { query: { agentId }, signal }),
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
      callApi(listAgentsRoute, { query: { q }, signal }).then((answer) => answer.agents),
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

export const useAddAgent = () => useOnboardingMutation((body: NewAgent) => callApi(addAgentRoute, { body }))
export const useResendInvitation = () =>
  useOnboardingMutation((id: string) => callApi(resendInvitationRoute, { params: { id } }))
export const useCompleteStep = () =>
  useOnboardingMutation((ids: { id: string; stepId: string }) => callApi(completeStepRoute, { params: ids }))
export const useCreateWorkflow = () =>
  useOnboardingMutation((body: WorkflowInput) => callApi(createWorkflowRoute, { body }))
export const useAddLicense = () =>
  useOnboardingMutation((body: LicenseInput) => callApi(addLicenseRoute, { body }))
export const useUpdateLicense = () =>
  useOnboardingMutation(({ id, body }: { id: string; body: CallBody<typeof updateLicenseCall> }) =>
    callApi(updateLicenseRoute, { params: { id }, body }),
  )
export const useScheduleTraining = () =>
  useOnboardingMutation((body: TrainingInput) => callApi(scheduleTrainingRoute, { body }))
export const useUpdateTraining = () =>
  useOnboardingMutation(({ id, body }: { id: string; body: CallBody<typeof updateTrainingCall> }) =>
    callApi(updateTrainingRoute, { params: { id }, body }),
  )
export const useAddDocument = () =>
  useOnboardingMutation((body: DocumentInput) => callApi(addDocumentRoute, { body }))
export const useUpdateDocument = () =>
  useOnboardingMutation(({ id, body }: { id: string; body: CallBody<typeof updateDocumentCall> }) =>
    callApi(updateDocumentRoute, { params: { id }, body }),
  )

export function exportProgressCsv(query: Omit<ProgressQuery, 'page' | 'limit'>): Promise<void> {
  const day = new Date().toISOString().slice(0, 10)
  return downloadFile(buildUrl(PROGRESS_CSV_PATH, undefined, query), `onboarding-progress-${day}.csv`)
}
