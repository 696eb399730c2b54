import { z } from 'zod'
import { AGENT_PROGRESS_STATUSES } from '../domain/onboarding-progress.ts'
import { CHECKLIST_ITEMS } from '../domain/onboarding-workflow.ts'
import { defineCall } from './call.ts'
import { StepViewSchema } from './onboarding-agents.contract.ts'
import { DEPARTMENTS, ONBOARDING_TEXTS as T } from './onboarding-texts.ts'

/** The dashboard, progress and expiring-license calls (spec part 3 §3, §7). */

const BASE = '/api/agency-onboarding'

export const PROGRESS_FILTERS = ['all', 'completed', 'in_progress', 'not_started', 'blocked'] as const
export const PROGRESS_SORTS = ['progress', 'agent_id', 'last_activity', 'completion_date'] as const
export type ProgressFilter = (typeof PROGRESS_FILTERS)[number]
export type ProgressSort = (typeof PROGRESS_SORTS)[number]

const Page = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
}

/** The agents listed: all of the agency's (an agent: only their own), searched, filtered, sorted. */
export const ProgressQuerySchema = z.object({
  /** One agent (by agent ID): their row and their workflow's steps. */
  agentId: z.string().trim().max(64).optional(),
  /** Searches the agent ID (and name). */
  q: z.string().trim().max(100).optional(),
  status: z.enum(PROGRESS_FILTERS, { message: T.progressStatus }).default('all'),
  sort: z.enum(PROGRESS_SORTS, { message: T.sort }).default('progress'),
  ...Page,
})
export type ProgressQuery = z.input<typeof ProgressQuerySchema>

const flags = Object.fromEntries(CHECKLIST_ITEMS.map((item) => [`${item}Complete`, z.boolean()])) as Record<
  `${(typeof CHECKLIST_ITEMS)[number]}Complete`,
  z.ZodBoolean
>

export const ProgressRowSchema = z.object({
  id: z.string(),
  agentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  department: z.enum(DEPARTMENTS).nullable(),
  overallProgress: z.number().int(),
  completedSteps: z.number().int(),
  totalSteps: z.number().int(),
  status: z.enum(AGENT_PROGRESS_STATUSES),
  daysInProgram: z.number().int(),
  startDate: z.string(),
  lastActivity: z.string(),
  workflowName: z.string(),
  /** The first step not yet done whose dependencies are (null once all are done). */
  currentStep: z.string().nullable(),
  /** Today plus the remaining steps' days along the longest path; null once completed. */
  estimatedCompletionDate: z.string().nullable(),
  estimatedDaysLeft: z.number().int().nullable(),
  joined: z.boolean(),
  ...flags,
})
export type ProgressRow = z.infer<typeof ProgressRowSchema>

export const ProgressSummarySchema = z.object({
  totalAgents: z.number().int(),
  completed: z.number().int(),
  inProgress: z.number().int(),
  notStarted: z.number().int(),
  blocked: z.number().int(),
  avgProgress: z.number().int(),
  /** Agents per progress band (the chart). */
  bands: z.object({
    completed: z.number().int(),
    nearCompletion: z.number().int(),
    inProgress: z.number().int(),
    gettingStarted: z.number().int(),
    notStarted: z.number().int(),
  }),
})

export const ProgressUpdateSchema = z.object({
  id: z.string(),
  agentId: z.string(),
  workflowName: z.string(),
  currentStep: z.string().nullable(),
  status: z.enum(AGENT_PROGRESS_STATUSES),
  startedAt: z.string(),
  lastActivity: z.string(),
})

export const AgentStepSchema = StepViewSchema.extend({ state: z.enum(['done', 'ready', 'waiting']) })

/**
 * One shape for both tabs (the spec's Dash tab read a plain list, its Progress tab
 * {agents, summary}): the Dash tab reads `agents` and `recentUpdates`, the Progress tab all of it.
 * `total` counts the agents matching the filters; `agents` is the page asked for.
 */
export const ProgressAnswerSchema = z.object({
  agents: z.array(ProgressRowSchema),
  summary: ProgressSummarySchema,
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** The latest 5 by activity. */
  recentUpdates: z.array(ProgressUpdateSchema),
  /** With `agentId`: that agent's workflow steps and their states. */
  steps: z.array(AgentStepSchema).optional(),
})
export type ProgressAnswer = z.infer<typeof ProgressAnswerSchema>

export const progressCall = defineCall({
  method: 'GET',
  path: `${BASE}/progress`,
  query: ProgressQuerySchema,
  response: ProgressAnswerSchema,
})

/** The agent table as CSV, every agent matching the filters (no paging). */
export const PROGRESS_CSV_PATH = `${BASE}/progress.csv`

export const DashboardRowSchema = z.object({
  id: z.string(),
  agentId: z.string(),
  agentName: z.string(),
  overallProgress: z.number().int(),
  documentsCompleted: z.number().int(),
  documentsTotal: z.number().int(),
  licensesActive: z.number().int(),
  licensesExpiring: z.number().int(),
  trainingsCompleted: z.number().int(),
  trainingsScheduled: z.number().int(),
  lastActivityDate: z.string(),
  estimatedCompletionDate: z.string().nullable(),
})
export type DashboardRow = z.infer<typeof DashboardRowSchema>

export const DashboardStatsSchema = z.object({
  avgProgress: z.number().int(),
  documentsCompleted: z.number().int(),
  documentsTotal: z.number().int(),
  licensesActive: z.number().int(),
  licensesExpiring: z.number().int(),
  trainingsCompleted: z.number().int(),
  trainingsScheduled: z.number().int(),
  totalAgents: z.number().int(),
})
export type DashboardStats = z.infer<typeof DashboardStatsSchema>

export const dashboardCall = defineCall({
  method: 'GET',
  path: `${BASE}/dashboard`,
  query: z.object({ agentId: z.string().trim().max(64).optional(), ...Page }),
  response: z.object({
    dashboard: z.array(DashboardRowSchema),
    stats: DashboardStatsSchema,
    total: z.number().int(),
  }),
})

export const ExpiringLicenseSchema = z.object({
  id: z.string(),
  agentId: z.string(),
  agentName: z.string(),
  state: z.string(),
  licenseType: z.string(),
  licenseNumber: z.string(),
  expirationDate: z.string(),
  daysUntilExpiration: z.number().int(),
})
export type ExpiringLicense = z.infer<typeof ExpiringLicenseSchema>

/** Active licenses whose date is within 90 days (or passed unmarked), soonest first; at most 1,000. */
export const licenseExpirationCall = defineCall({
  method: 'GET',
  path: `${BASE}/license-expiration`,
  response: z.array(ExpiringLicenseSchema),
})
