import type { DashboardRow, ProgressRow } from '#shared/contracts/onboarding-progress.contract.ts'
import { addDays, daysBetween } from '#shared/domain/license-status.ts'
import {
  type AgentProgressStatus,
  agentProgressStatus,
  progressPercent,
} from '#shared/domain/onboarding-progress.ts'
import {
  type ChecklistItem,
  remainingDays,
  type StepState,
  stepStates,
  type WorkflowStep,
} from '#shared/domain/onboarding-workflow.ts'
import { agentName } from './onboarding-access.service.ts'
import type * as repository from './progress.repository.ts'

/** Everything an agency's (or one agent's) progress is computed from, loaded by progress.service. */
export interface ProgressInputs {
  today: string
  workflows: Map<string, repository.WorkflowForProgress>
  /** Steps ticked by hand, per agent. */
  completions: Map<string, Set<string>>
  /** Users with a carrier appointment approved (the appointments feature). */
  approvedAppointmentUsers: Set<string>
  /**
   * Step outcomes already worked out in this read, by workflow and which requirements hold: agents
   * share a handful of combinations, so 2,000 agents cost a few dozen dependency walks.
   */
  plans: Map<string, StepPlan>
  calendar: Calendar
}

/** Day arithmetic from `today`, remembered: 2,000 agents share a few dozen dates. */
export interface Calendar {
  /** Days from today to `date` (negative once past). */
  daysTo(date: string): number
  /** The date `days` after `date`. */
  plus(date: string, days: number): string
}

export function calendarFrom(today: string): Calendar {
  const to = new Map<string, number>()
  const later = new Map<string, string>()
  return {
    daysTo(date) {
      const known = to.get(date)
      if (known !== undefined) return known
      const days = daysBetween(today, date)
      to.set(date, days)
      return days
    },
    plus(date, days) {
      const key = `${date}+${days}`
      const known = later.get(key)
      if (known !== undefined) return known
      const found = addDays(date, days)
      later.set(key, found)
      return found
    },
  }
}

export interface StepPlan {
  states: Map<string, StepState>
  done: number
  remaining: number
  current: string | null
}

function planOf(steps: readonly WorkflowStep[], met: boolean[]): StepPlan {
  const metById = new Map(steps.map((step, index) => [step.id, met[index]!]))
  const states = stepStates(steps, (id) => metById.get(id) ?? false)
  const done = steps.filter((step) => states.get(step.id) === 'done').length
  const current =
    steps.find((step) => states.get(step.id) === 'ready') ??
    steps.find((step) => states.get(step.id) === 'waiting')
  return {
    states,
    done,
    remaining: remainingDays(steps, (id) => states.get(id) === 'done'),
    current: current?.title ?? null,
  }
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
  agent: repository.AgentFacts,
  inputs: ProgressInputs,
): Record<ChecklistItem, boolean> {
  return {
    personalInfo: Boolean(
      agent.firstName && agent.lastName && agent.email && agent.phone && agent.department,
    ),
    licenseVerification: agent.licensesInForce > 0,
    backgroundCheck: agent.backgroundCheck > 0,
    eoInsurance: agent.eoInsurance > 0,
    training: agent.trainingRequired > 0 && agent.trainingRequiredDone === agent.trainingRequired,
    carrierAppointments: agent.userId !== null && inputs.approvedAppointmentUsers.has(agent.userId),
    systemSetup: agent.userId !== null,
  }
}

/** Something to fix before the agent can go on: a rejected required document, a missed session, no license left. */
function isBlocked(agent: repository.AgentFacts): boolean {
  const lapsed = agent.licensesTotal > 0 && agent.licensesInForce === 0
  return lapsed || agent.documentsRejected > 0 || agent.trainingMissed > 0
}

/** The row's seven flags, written out (this runs for every agent of the agency on each read). */
const checklistFlags = (
  checklist: Record<ChecklistItem, boolean>,
): Pick<ProgressRow, `${ChecklistItem}Complete`> => ({
  personalInfoComplete: checklist.personalInfo,
  licenseVerificationComplete: checklist.licenseVerification,
  backgroundCheckComplete: checklist.backgroundCheck,
  eoInsuranceComplete: checklist.eoInsurance,
  trainingComplete: checklist.training,
  carrierAppointmentsComplete: checklist.carrierAppointments,
  systemSetupComplete: checklist.systemSetup,
})

/**
 * One agent's progress: a step is done when its requirement holds (its checklist item's records,
 * or an admin's tick for a step no record completes) and every step it depends on is done. The
 * estimate is today (or the start date, if later) plus the remaining steps' longest path.
 */
export function computeAgentProgress(agent: repository.AgentFacts, inputs: ProgressInputs): AgentProgress {
  const workflow = inputs.workflows.get(agent.workflowId)
  const steps = workflow?.steps ?? []
  const checklist = checklistOf(agent, inputs)
  const ticked = inputs.completions.get(agent.id)
  const met = steps.map((step) => (step.checks ? checklist[step.checks] : (ticked?.has(step.id) ?? false)))
  const key = `${agent.workflowId}:${met.map(Number).join('')}`
  let plan = inputs.plans.get(key)
  if (!plan) {
    plan = planOf(steps, met)
    inputs.plans.set(key, plan)
  }
  const { states, done, remaining, current } = plan
  const status = agentProgressStatus({ done, total: steps.length, blocked: isBlocked(agent) })
  // An agent who starts later is estimated from their start.
  const { calendar } = inputs
  const from = calendar.daysTo(agent.startDate) > 0 ? agent.startDate : inputs.today
  const estimate = status === 'completed' ? null : calendar.plus(from, remaining)
  const lastActivity = new Date(agent.lastActivityMs).toISOString()
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
    daysInProgram: Math.max(0, -calendar.daysTo(agent.startDate)),
    startDate: agent.startDate,
    lastActivity,
    workflowName: workflow?.name ?? '',
    currentStep: status === 'completed' ? null : current,
    estimatedCompletionDate: estimate,
    estimatedDaysLeft: estimate === null ? null : calendar.daysTo(estimate),
    joined: agent.userId !== null,
    ...checklistFlags(checklist),
  }
  const dashboard: DashboardRow = {
    id: agent.id,
    agentId: agent.agentCode,
    agentName: agentName(agent),
    overallProgress,
    documentsCompleted: agent.documentsRequiredDone,
    documentsTotal: agent.documentsRequired,
    licensesActive: agent.licensesInForce,
    licensesExpiring: agent.licensesExpiring,
    trainingsCompleted: agent.trainingCompleted,
    trainingsScheduled: agent.trainingScheduled,
    lastActivityDate: lastActivity,
    estimatedCompletionDate: estimate,
  }
  return { row, dashboard, steps, states, status }
}
