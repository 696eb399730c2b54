import type { DashboardRow, ProgressRow } from '#shared/contracts/onboarding-progress.contract.ts'
import { addDays, daysBetween } from '#shared/domain/license-status.ts'
import {
  type AgentProgressStatus,
  agentProgressStatus,
  progressPercent,
} from '#shared/domain/onboarding-progress.ts'
import {
  CHECKLIST_ITEMS,
  type ChecklistItem,
  remainingDays,
  type StepState,
  stepStates,
  type WorkflowStep,
} from '#shared/domain/onboarding-workflow.ts'
import { agentName } from './onboarding-access.ts'
import type * as repository from './progress.repository.ts'

/** Everything an agency's (or one agent's) progress is computed from, loaded by progress.service. */
export interface ProgressInputs {
  today: string
  agents: repository.AgentForProgress[]
  workflows: Map<string, repository.WorkflowForProgress>
  licenses: Map<string, repository.LicenseAggregate>
  training: Map<string, repository.TrainingAggregate>
  documents: Map<string, repository.DocumentAggregate>
  /** Steps ticked by hand, per agent. */
  completions: Map<string, Set<string>>
  /** Users with a carrier appointment approved (the appointments feature). */
  approvedAppointmentUsers: Set<string>
}

export interface AgentProgress {
  row: ProgressRow
  dashboard: DashboardRow
  steps: readonly WorkflowStep[]
  states: Map<string, StepState>
  status: AgentProgressStatus
}

/** The seven checklist items, each read from the agent's real records. */
export function checklistOf(
  agent: repository.AgentForProgress,
  inputs: ProgressInputs,
): Record<ChecklistItem, boolean> {
  const licenses = inputs.licenses.get(agent.id)
  const training = inputs.training.get(agent.id)
  const documents = inputs.documents.get(agent.id)
  return {
    personalInfo: Boolean(
      agent.firstName && agent.lastName && agent.email && agent.phone && agent.department,
    ),
    licenseVerification: (licenses?.inForce ?? 0) > 0,
    backgroundCheck: (documents?.backgroundCheck ?? 0) > 0,
    eoInsurance: (documents?.eoInsurance ?? 0) > 0,
    training: (training?.required ?? 0) > 0 && training!.requiredDone === training!.required,
    carrierAppointments: agent.userId !== null && inputs.approvedAppointmentUsers.has(agent.userId),
    systemSetup: agent.userId !== null,
  }
}

/** Something to fix before the agent can go on: a rejected required document, a missed session, no license left. */
function isBlocked(agent: repository.AgentForProgress, inputs: ProgressInputs): boolean {
  const licenses = inputs.licenses.get(agent.id)
  const lapsed = licenses !== undefined && licenses.total > 0 && licenses.inForce === 0
  return (
    lapsed ||
    (inputs.documents.get(agent.id)?.rejected ?? 0) > 0 ||
    (inputs.training.get(agent.id)?.missed ?? 0) > 0
  )
}

function latest(...dates: (Date | null | undefined)[]): Date {
  return new Date(Math.max(...dates.map((date) => date?.getTime() ?? 0)))
}

const checklistFlags = (checklist: Record<ChecklistItem, boolean>) =>
  Object.fromEntries(CHECKLIST_ITEMS.map((item) => [`${item}Complete`, checklist[item]])) as Pick<
    ProgressRow,
    `${ChecklistItem}Complete`
  >

/**
 * One agent's progress: a step is done when its requirement holds (its checklist item's records,
 * or an admin's tick for a step no record completes) and every step it depends on is done. The
 * estimate is today (or the start date, if later) plus the remaining steps' longest path.
 */
export function computeAgentProgress(
  agent: repository.AgentForProgress,
  inputs: ProgressInputs,
): AgentProgress {
  const workflow = inputs.workflows.get(agent.workflowId)
  const steps = workflow?.steps ?? []
  const checklist = checklistOf(agent, inputs)
  const ticked = inputs.completions.get(agent.id)
  const states = stepStates(steps, (id) => {
    const step = steps.find((candidate) => candidate.id === id)
    return step?.checks ? checklist[step.checks] : (ticked?.has(id) ?? false)
  })
  const done = steps.filter((step) => states.get(step.id) === 'done').length
  const status = agentProgressStatus({ done, total: steps.length, blocked: isBlocked(agent, inputs) })
  const remaining = remainingDays(steps, (id) => states.get(id) === 'done')
  const from = [agent.startDate, inputs.today].sort().at(-1)!
  const estimate = status === 'completed' ? null : addDays(from, remaining)
  const current =
    steps.find((step) => states.get(step.id) === 'ready') ??
    steps.find((step) => states.get(step.id) === 'waiting')
  const licenses = inputs.licenses.get(agent.id)
  const training = inputs.training.get(agent.id)
  const documents = inputs.documents.get(agent.id)
  const lastActivity = latest(
    agent.updatedAt,
    licenses?.lastUpdate,
    training?.lastUpdate,
    documents?.lastUpdate,
  ).toISOString()
  const overallProgress = progressPercent(done, steps.length)
  const row: ProgressRow = {
    id: agent.id,
    agentId: agent.agentCode,
    firstName: agent.firstName,
    lastName: agent.lastName,
    email: agent.email,
    department: agent.department,
    overallProgress,
    completedSteps: done,
    totalSteps: steps.length,
    status,
    daysInProgram: Math.max(0, daysBetween(agent.startDate, inputs.today)),
    startDate: agent.startDate,
    lastActivity,
    workflowName: workflow?.name ?? '',
    currentStep: status === 'completed' ? null : (current?.title ?? null),
    estimatedCompletionDate: estimate,
    estimatedDaysLeft: estimate === null ? null : daysBetween(inputs.today, estimate),
    joined: agent.userId !== null,
    ...checklistFlags(checklist),
  }
  const dashboard: DashboardRow = {
    id: agent.id,
    agentId: agent.agentCode,
    agentName: agentName(agent),
    overallProgress,
    documentsCompleted: documents?.requiredDone ?? 0,
    documentsTotal: documents?.requiredTotal ?? 0,
    licensesActive: licenses?.inForce ?? 0,
    licensesExpiring: licenses?.expiring ?? 0,
    trainingsCompleted: training?.completed ?? 0,
    trainingsScheduled: training?.scheduled ?? 0,
    lastActivityDate: lastActivity,
    estimatedCompletionDate: estimate,
  }
  return { row, dashboard, steps, states, status }
}
