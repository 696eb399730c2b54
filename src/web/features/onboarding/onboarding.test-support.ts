import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { listAgentsCall, listWorkflowsCall } from '#shared/contracts/onboarding-agents.contract.ts'
import {
  dashboardCall,
  type ExpiringLicense,
  licenseExpirationCall,
  type ProgressAnswer,
  type ProgressRow,
  progressCall,
} from '#shared/contracts/onboarding-progress.contract.ts'
import {
  listDocumentsCall,
  listLicensesCall,
  listTrainingCall,
} from '#shared/contracts/onboarding-records.contract.ts'
import { mockApi, SAMPLE_USER, type Stub, stub } from '#web/testing/mock-api.ts'
import { localDay } from './onboarding-display.tsx'

const inDays = (days: number) => {
  const at = new Date()
  at.setDate(at.getDate() + days)
  return localDay(at)
}

export function progressRow(overrides: Partial<ProgressRow> = {}): ProgressRow {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    agentId: 'AGT-1',
    firstName: 'Maya',
    lastName: 'Chen',
    email: 'maya@example.com',
    department: 'sales',
    overallProgress: 43,
    completedSteps: 3,
    totalSteps: 7,
    status: 'in_progress',
    daysInProgram: 12,
    startDate: inDays(-12),
    lastActivity: new Date().toISOString(),
    workflowName: 'Standard Agent Onboarding',
    currentStep: 'E&O Insurance',
    estimatedCompletionDate: inDays(14),
    estimatedDaysLeft: 14,
    joined: true,
    personalInfoComplete: true,
    licenseVerificationComplete: true,
    backgroundCheckComplete: true,
    eoInsuranceComplete: false,
    trainingComplete: false,
    carrierAppointmentsComplete: false,
    systemSetupComplete: true,
    ...overrides,
  }
}

export function expiring(n: number): ExpiringLicense[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `lic-${i}`,
    agentId: `AGT-${i}`,
    agentName: `Agent ${i}`,
    state: 'TX',
    licenseType: 'Life Only',
    licenseNumber: `L-${i}`,
    expirationDate: inDays(10 + i * 20),
    daysUntilExpiration: 10 + i * 20,
  }))
}

export function progressAnswer(agents: ProgressRow[]): ProgressAnswer {
  return {
    agents,
    total: agents.length,
    page: 1,
    limit: 25,
    recentUpdates: [],
    summary: {
      totalAgents: agents.length,
      completed: 0,
      inProgress: agents.length,
      notStarted: 0,
      blocked: 0,
      avgProgress: 43,
      bands: { completed: 0, nearCompletion: 0, inProgress: 0, gettingStarted: agents.length, notStarted: 0 },
    },
  }
}

/** The page's calls answered: `extra` replaces any of them. */
export function mockOnboarding(...extra: Stub[]) {
  const stats = {
    avgProgress: 43,
    documentsCompleted: 2,
    documentsTotal: 5,
    licensesActive: 7,
    licensesExpiring: 5,
    trainingsCompleted: 3,
    trainingsScheduled: 4,
    totalAgents: 1,
  }
  return mockApi(
    stub(currentUserCall, { body: SAMPLE_USER }),
    stub(unreadCountCall, { body: { unreadCount: 0 } }),
    stub(dashboardCall, { body: { dashboard: [], stats, total: 1 } }),
    stub(progressCall, { body: progressAnswer([progressRow()]) }),
    stub(licenseExpirationCall, { body: expiring(5) }),
    stub(listWorkflowsCall, { body: [] }),
    stub(listLicensesCall, { body: [] }),
    stub(listTrainingCall, { body: [] }),
    stub(listDocumentsCall, { body: [] }),
    stub(listAgentsCall, { body: { agents: [] } }),
    ...extra,
  )
}
