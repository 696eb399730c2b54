import type {
  ExpiringLicense,
  ProgressAnswer,
  ProgressRow,
} from '#shared/contracts/onboarding-progress.contract.ts'
import { type MockAnswer, mockApi, SAMPLE_USER } from '#web/testing/mock-api.ts'
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
export function mockOnboarding(
  extra: Record<string, MockAnswer | ((r: { url: URL; body: unknown }) => MockAnswer)> = {},
) {
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
  return mockApi({
    'GET /api/auth/user': { body: SAMPLE_USER },
    'GET /api/notifications/unread-count': { body: { unreadCount: 0 } },
    'GET /api/agency-onboarding/dashboard': { body: { dashboard: [], stats, total: 1 } },
    'GET /api/agency-onboarding/progress': { body: progressAnswer([progressRow()]) },
    'GET /api/agency-onboarding/license-expiration': { body: expiring(5) },
    'GET /api/agency-onboarding/workflows': { body: [] },
    'GET /api/agency-onboarding/licenses': { body: [] },
    'GET /api/agency-onboarding/training': { body: [] },
    'GET /api/agency-onboarding/documents': { body: [] },
    'GET /api/agency-onboarding/agents': { body: { agents: [] } },
    ...extra,
  })
}
