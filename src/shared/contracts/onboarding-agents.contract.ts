import { z } from 'zod'
import { CHECKLIST_ITEMS, DEFAULT_STEP_DAYS, findWorkflowProblem } from '../domain/onboarding-workflow.ts'
import { defineCall } from './call.ts'
import { optional, optionalDate, optionalText, requiredText } from './onboarding-fields.ts'
import { DEPARTMENTS, ONBOARDING_TEXTS as T } from './onboarding-texts.ts'

/** Agents, their invitations and workflows (spec part 3 §3, §5, §7). */

const BASE = '/api/agency-onboarding'

// New agents

const agentRequired = (max: number) => requiredText(max, T.newAgentRequired)

export const NewAgentSchema = z.object({
  agentId: agentRequired(64),
  firstName: agentRequired(100),
  lastName: agentRequired(100),
  email: agentRequired(254).toLowerCase().pipe(z.email(T.email)),
  phone: optionalText(40),
  department: optional(z.enum(DEPARTMENTS, { message: T.department })),
  startDate: optionalDate,
  supervisor: optionalText(120),
  /** Ours: the workflow to follow; the agency's newest active workflow when not given. */
  workflowId: z
    .union([z.literal(''), z.null(), z.uuid()])
    .optional()
    .transform((value) => value || null),
})
export type NewAgent = z.input<typeof NewAgentSchema>

export const AgentSchema = z.object({
  id: z.string(),
  agentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  department: z.enum(DEPARTMENTS).nullable(),
  startDate: z.string(),
  supervisor: z.string().nullable(),
  workflowId: z.string(),
  workflowName: z.string(),
  /** invited: the link is out; joined: they set a password and belong to the agency as an agent. */
  accountStatus: z.enum(['invited', 'joined']),
  invitationExpiresAt: z.string().nullable(),
  joinedAt: z.string().nullable(),
})
export type Agent = z.infer<typeof AgentSchema>

export const InvitationSentSchema = z.object({
  sentTo: z.string(),
  expiresAt: z.string(),
  /** email: through SMTP; outbox: kept in the Outbox screen (no SMTP_URL). */
  delivery: z.enum(['email', 'outbox']),
})

export const addAgentCall = defineCall({
  method: 'POST',
  path: `${BASE}/agents`,
  body: NewAgentSchema,
  status: 201,
  response: z.object({ agent: AgentSchema, invitation: InvitationSentSchema.nullable() }),
})

/** The agents for a picker (agent ID, name): the first 50 matching `q`, by agent ID. */
export const listAgentsCall = defineCall({
  method: 'GET',
  path: `${BASE}/agents`,
  query: z.object({ q: z.string().trim().max(100).optional() }),
  response: z.object({ agents: z.array(AgentSchema) }),
})

/** A new link (the earlier ones stop working), for an agent who has not joined yet. */
export const resendInvitationCall = defineCall({
  method: 'POST',
  path: `${BASE}/agents/:id/invitation`,
  params: z.object({ id: z.uuid({ message: 'Not found' }) }),
  response: InvitationSentSchema,
})

// Invitations (public: the link is the credential)

const TokenSchema = z.string().trim().min(20, T.invitationInvalid).max(200, T.invitationInvalid)

export const InvitationSchema = z.object({
  agencyName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  expiresAt: z.string(),
})

export const previewInvitationCall = defineCall({
  method: 'POST',
  path: `${BASE}/invitations/preview`,
  body: z.object({ token: TokenSchema }),
  response: InvitationSchema,
})

export const AcceptInvitationSchema = z.object({
  token: TokenSchema,
  password: z
    .string()
    .min(8, 'Password must be at least 8 characters')
    .max(200, 'Password must be at most 200 characters'),
})

export const acceptInvitationCall = defineCall({
  method: 'POST',
  path: `${BASE}/invitations/accept`,
  body: AcceptInvitationSchema,
  response: z.object({ email: z.string(), agencyName: z.string() }),
})

/** The browser's join page: the link carries the token after '#', so it never reaches a server log. */
export const JOIN_PAGE = '/join-agency'

// Workflows

/** Step ids are the workflow's own names for its steps (a browser may send numbers). */
const StepId = z
  .union([z.string().trim().min(1).max(64), z.number().int().nonnegative()])
  .transform((value) => String(value))

export const StepSchema = z.object({
  /** Given by the dialog; a step sent without one is named by its place (step-1, step-2 …). */
  id: StepId.optional(),
  title: requiredText(200),
  description: requiredText(1000),
  required: z.boolean().default(false),
  estimatedDays: z.coerce
    .number({ message: T.estimatedDays })
    .int(T.estimatedDays)
    .min(0, T.estimatedDays)
    .max(365, T.estimatedDays)
    .default(DEFAULT_STEP_DAYS),
  dependencies: z.array(StepId).max(50).default([]),
  /** Which checklist item's records complete the step; none: it is completed by hand. */
  checks: optional(z.enum(CHECKLIST_ITEMS, { message: 'Choose one of the checklist items' })),
})

export const WorkflowInputSchema = z
  .object({
    name: requiredText(200),
    description: requiredText(2000),
    steps: z.array(StepSchema, { message: T.required }).min(1, T.required).max(50),
    isActive: z.boolean().default(true),
  })
  .transform((workflow) => ({
    ...workflow,
    steps: workflow.steps.map((step, index) => ({ ...step, id: step.id ?? `step-${index + 1}` })),
  }))
  .superRefine((workflow, context) => {
    const problem = findWorkflowProblem(workflow.steps)
    if (problem) context.addIssue({ code: 'custom', path: ['steps'], message: problem })
  })
export type WorkflowInput = z.input<typeof WorkflowInputSchema>

export const StepViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  required: z.boolean(),
  estimatedDays: z.number().int(),
  dependencies: z.array(z.string()),
  checks: z.enum(CHECKLIST_ITEMS).nullable(),
})

export const WorkflowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  steps: z.array(StepViewSchema),
  /** The steps' days added up (the card's total), and end to end with parallel steps overlapping. */
  totalEstimatedDays: z.number().int(),
  criticalPathDays: z.number().int(),
  agentCount: z.number().int(),
  createdAt: z.string(),
})
export type Workflow = z.infer<typeof WorkflowSchema>

export const listWorkflowsCall = defineCall({
  method: 'GET',
  path: `${BASE}/workflows`,
  response: z.array(WorkflowSchema),
})
export const createWorkflowCall = defineCall({
  method: 'POST',
  path: `${BASE}/workflows`,
  body: WorkflowInputSchema,
  status: 201,
  response: WorkflowSchema,
})

/** A step of the agent's workflow that no record completes (checks: null), ticked by an admin. */
export const completeStepCall = defineCall({
  method: 'POST',
  path: `${BASE}/agents/:id/steps/:stepId/complete`,
  params: z.object({ id: z.uuid({ message: 'Not found' }), stepId: z.string().min(1).max(64) }),
  response: z.object({ completed: z.literal(true) }),
})
