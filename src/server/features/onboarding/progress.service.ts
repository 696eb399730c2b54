import type { Db, Executor } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { csvLine } from '#server/platform/csv.ts'
import type {
  DashboardStats,
  ProgressAnswer,
  ProgressFilter,
  ProgressSort,
} from '#shared/contracts/onboarding-progress.contract.ts'
import { isoDay } from '#shared/domain/license-status.ts'
import { PROGRESS_BANDS, progressBand } from '#shared/domain/onboarding-progress.ts'
import { CHECKLIST_ITEMS, CHECKLIST_LABELS } from '#shared/domain/onboarding-workflow.ts'
import { findUsersWithApprovedAppointment } from '../appointments/appointments.service.ts'
import { agencyFacts } from './agency-facts.service.ts'
import { findStepCompletions } from './agents.repository.ts'
import { type AgentProgress, calendarFrom, computeAgentProgress } from './compute-progress.ts'
import { agentFilter, type Scope, scopeOf } from './onboarding-access.service.ts'
import * as repository from './progress.repository.ts'

/**
 * Every agent's progress in the scope (or one agent's), computed from their records now. Reads
 * run side by side on the pool; the figures are as of `today` (UTC).
 */
export async function loadProgress(
  executor: Executor,
  scope: Scope,
  agentId: string | null,
  today = isoDay(),
) {
  const { agencyId } = scope
  const [agents, workflows, completions] = await Promise.all([
    agentId
      ? repository.findAgentFacts(executor, agencyId, agentId, today)
      : agencyFacts(executor, agencyId, today),
    repository.findWorkflowsForProgress(executor, agencyId),
    findStepCompletions(executor, agencyId, agentId ?? undefined),
  ])
  const userIds = agents.flatMap((agent) => (agent.userId ? [agent.userId] : []))
  const ticked = new Map<string, Set<string>>()
  for (const { agentId: id, stepId } of completions) ticked.set(id, (ticked.get(id) ?? new Set()).add(stepId))
  const inputs = {
    today,
    workflows: new Map(workflows.map((workflow) => [workflow.id, workflow])),
    completions: ticked,
    plans: new Map(),
    calendar: calendarFrom(today),
    approvedAppointmentUsers: await findUsersWithApprovedAppointment(executor, agencyId, userIds),
  }
  return agents.map((agent) => computeAgentProgress(agent, inputs))
}

// One collator for every comparison: localeCompare with options builds a new one per call.
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
const naturalOrder = (a: string, b: string) => collator.compare(a, b)
/** ISO timestamps and YYYY-MM-DD dates order as plain strings. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

const SORTS: Record<ProgressSort, (a: AgentProgress, b: AgentProgress) => number> = {
  progress: (a, b) =>
    b.row.overallProgress - a.row.overallProgress || naturalOrder(a.row.agentId, b.row.agentId),
  agent_id: (a, b) => naturalOrder(a.row.agentId, b.row.agentId),
  last_activity: (a, b) => byText(b.row.lastActivity, a.row.lastActivity),
  // Soonest first; completed agents (no estimate) last.
  completion_date: (a, b) =>
    byText(a.row.estimatedCompletionDate ?? '9999', b.row.estimatedCompletionDate ?? '9999') ||
    naturalOrder(a.row.agentId, b.row.agentId),
}

export interface ProgressListQuery {
  agentId?: string
  q?: string
  status: ProgressFilter
  sort: ProgressSort
}

/** The agents matching the search and status filter, in the asked order. */
export function filterProgress(all: AgentProgress[], query: ProgressListQuery): AgentProgress[] {
  const q = query.q?.toLowerCase()
  return all
    .filter((agent) => query.status === 'all' || agent.status === query.status)
    .filter(
      (agent) =>
        !q ||
        agent.row.agentId.toLowerCase().includes(q) ||
        `${agent.row.firstName} ${agent.row.lastName}`.toLowerCase().includes(q),
    )
    .sort(SORTS[query.sort])
}

function summarize(all: AgentProgress[]): ProgressAnswer['summary'] {
  const count = (status: AgentProgress['status']) => all.filter((agent) => agent.status === status).length
  const bands = Object.fromEntries(
    PROGRESS_BANDS.map((band) => [band.key, 0]),
  ) as ProgressAnswer['summary']['bands']
  for (const agent of all) bands[progressBand(agent.row.overallProgress).key] += 1
  return {
    totalAgents: all.length,
    completed: count('completed'),
    inProgress: count('in_progress'),
    notStarted: count('not_started'),
    blocked: count('blocked'),
    avgProgress: average(all.map((agent) => agent.row.overallProgress)),
    bands,
  }
}

const average = (values: number[]) =>
  values.length === 0 ? 0 : Math.round(values.reduce((sum, value) => sum + value, 0) / values.length)

/** GET …/progress: one shape for both tabs (see ProgressAnswerSchema). */
export async function getProgress(
  db: Db,
  ctx: Ctx,
  query: ProgressListQuery & { page: number; limit: number },
): Promise<ProgressAnswer> {
  const scope = await scopeOf(db, ctx)
  const all = await loadProgress(db, scope, scope.agentId)
  const selected = query.agentId ? await agentFilter(db, scope, query.agentId) : null
  const listed = filterProgress(selected ? all.filter((agent) => agent.row.id === selected) : all, query)
  const recent = [...all].sort(SORTS.last_activity).slice(0, 5)
  const one = selected ? listed[0] : undefined
  return {
    agents: listed.slice((query.page - 1) * query.limit, query.page * query.limit).map((agent) => agent.row),
    summary: summarize(all),
    total: listed.length,
    page: query.page,
    limit: query.limit,
    recentUpdates: recent.map(({ row }) => ({
      id: row.id,
      agentId: row.agentId,
      workflowName: row.workflowName,
      currentStep: row.currentStep,
      status: row.status,
      startedAt: row.startDate,
      lastActivity: row.lastActivity,
    })),
    ...(one
      ? { steps: one.steps.map((step) => ({ ...step, state: one.states.get(step.id) ?? 'waiting' })) }
      : {}),
  }
}

/** GET …/dashboard: `{dashboard, stats}`, the stats over every agent in scope, the rows paged. */
export async function getDashboard(
  db: Db,
  ctx: Ctx,
  query: { agentId?: string; page: number; limit: number },
) {
  const scope = await scopeOf(db, ctx)
  const agentId = await agentFilter(db, scope, query.agentId)
  const all = (await loadProgress(db, scope, agentId)).sort(SORTS.agent_id)
  const sum = (pick: (agent: AgentProgress) => number) => all.reduce((total, agent) => total + pick(agent), 0)
  const stats: DashboardStats = {
    avgProgress: average(all.map((agent) => agent.row.overallProgress)),
    documentsCompleted: sum((agent) => agent.dashboard.documentsCompleted),
    documentsTotal: sum((agent) => agent.dashboard.documentsTotal),
    licensesActive: sum((agent) => agent.dashboard.licensesActive),
    licensesExpiring: sum((agent) => agent.dashboard.licensesExpiring),
    trainingsCompleted: sum((agent) => agent.dashboard.trainingsCompleted),
    trainingsScheduled: sum((agent) => agent.dashboard.trainingsScheduled),
    totalAgents: all.length,
  }
  const page = all.slice((query.page - 1) * query.limit, query.page * query.limit)
  return { dashboard: page.map((agent) => agent.dashboard), stats, total: all.length }
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No')

/** The agent table as CSV: every agent matching the filters, in their order; the export is audited. */
export async function exportProgressCsv(db: Db, ctx: Ctx, query: ProgressListQuery): Promise<string> {
  const scope = await scopeOf(db, ctx)
  const rows = filterProgress(await loadProgress(db, scope, scope.agentId), query).map((agent) => agent.row)
  await recordAudit(db, ctx, {
    action: 'onboarding.progress_exported',
    details: { rows: rows.length, status: query.status, sort: query.sort, q: query.q ?? null },
  })
  const header = [
    'Agent ID',
    'First Name',
    'Last Name',
    'Email',
    'Department',
    'Progress (%)',
    'Band',
    'Status',
    'Completed Steps',
    'Total Steps',
    'Current Step',
    'Days in Program',
    'Start Date',
    'Last Activity',
    'Estimated Completion',
    ...CHECKLIST_ITEMS.map((item) => CHECKLIST_LABELS[item]),
  ]
  const lines = rows.map((row) =>
    csvLine([
      row.agentId,
      row.firstName,
      row.lastName,
      row.email,
      row.department ?? '',
      row.overallProgress,
      progressBand(row.overallProgress).label,
      row.status,
      row.completedSteps,
      row.totalSteps,
      row.currentStep ?? '',
      row.daysInProgram,
      row.startDate,
      row.lastActivity,
      row.estimatedCompletionDate ?? '',
      ...CHECKLIST_ITEMS.map((item) => yesNo(row[`${item}Complete`])),
    ]),
  )
  return `\uFEFF${csvLine(header)}${lines.join('')}`
}
