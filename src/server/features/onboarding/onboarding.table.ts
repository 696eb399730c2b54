import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, id, timestamptz, updatedAt } from '#server/db/columns.ts'
import type { DEPARTMENTS } from '#shared/contracts/onboarding-texts.ts'
import type { WorkflowStep } from '#shared/domain/onboarding-workflow.ts'
import { agencyRef } from '../agencies/agencies.table.ts'
import { users } from '../auth/auth.table.ts'

/** The agency's onboarding workflows; steps are kept whole (a workflow is not edited once created). */
export const onboardingWorkflows = pgTable(
  'onboarding_workflows',
  {
    id: id(),
    agencyId: agencyRef(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    steps: jsonb('steps').$type<WorkflowStep[]>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('onboarding_workflows_agency_idx').on(t.agencyId, t.createdAt)],
)

/**
 * A person the agency brings in as an agent. `agent_code` is the agent ID the agency gives them
 * (the spec's agentId); `user_id` is their account once they accept the invitation.
 */
export const onboardingAgents = pgTable(
  'onboarding_agents',
  {
    id: id(),
    agencyId: agencyRef(),
    agentCode: text('agent_code').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    department: text('department').$type<(typeof DEPARTMENTS)[number]>(),
    startDate: date('start_date').notNull().default(sql`current_date`),
    supervisor: text('supervisor'),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => onboardingWorkflows.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    joinedAt: timestamptz('joined_at'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Agent IDs are matched whatever their case: AGT-7 and agt-7 are one agent.
    uniqueIndex('onboarding_agents_code_key').on(t.agencyId, sql`lower(${t.agentCode})`),
    uniqueIndex('onboarding_agents_email_key').on(t.agencyId, sql`lower(${t.email})`),
    uniqueIndex('onboarding_agents_user_key').on(t.agencyId, t.userId).where(sql`${t.userId} is not null`),
  ],
)

/**
 * One-time links to join the agency. The id is the SHA-256 of the token in the link (the token
 * itself is only ever in the mail), like sessions.
 */
export const onboardingInvitations = pgTable(
  'onboarding_invitations',
  {
    id: text('id').primaryKey(),
    agencyId: agencyRef(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => onboardingAgents.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('onboarding_invitations_agent_idx').on(t.agencyId, t.agentId)],
)

/** Steps ticked by an admin: only steps no record completes (a custom workflow's own steps). */
export const onboardingStepCompletions = pgTable(
  'onboarding_step_completions',
  {
    agencyId: agencyRef(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => onboardingAgents.id, { onDelete: 'cascade' }),
    stepId: text('step_id').notNull(),
    completedBy: uuid('completed_by'),
    completedAt: timestamptz('completed_at').defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.agentId, t.stepId] })],
)

/**
 * A counter bumped in the transaction of every change to an agency's agents or their records: a
 * process keeps the agency's progress figures while the counter (and the day) is unchanged.
 */
export const onboardingVersions = pgTable('onboarding_versions', {
  agencyId: agencyRef().primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
})
