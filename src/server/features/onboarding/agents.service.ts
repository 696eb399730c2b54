import type { z } from 'zod'
import type { Db, Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { isUniqueViolation } from '#server/platform/db-errors.ts'
import type { Agent, NewAgentSchema } from '#shared/contracts/onboarding-agents.contract.ts'
import { ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { findAccountByEmail } from '../auth/auth.service.ts'
import { notifyUser } from '../notifications/notifications.service.ts'
import * as repository from './agents.repository.ts'
import * as invitations from './invitations.repository.ts'
import { type InvitationSettings, issueInvitation } from './invitations.service.ts'
import { assertAdmin, notFound, scopeOf } from './onboarding-access.service.ts'
import { workflowForNewAgent } from './workflows.service.ts'

type NewAgent = z.output<typeof NewAgentSchema>

const conflict = (path: string, message: string) =>
  new AppError('CONFLICT', { message, fieldErrors: [{ path, message }] })

export function toAgent(
  row: repository.AgentRow,
  workflowName: string,
  invitationExpiresAt: Date | null,
): Agent {
  return {
    id: row.id,
    agentId: row.agentCode,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    department: row.department,
    startDate: row.startDate,
    supervisor: row.supervisor,
    workflowId: row.workflowId,
    workflowName,
    accountStatus: row.userId ? 'joined' : 'invited',
    invitationExpiresAt: row.userId ? null : (invitationExpiresAt?.toISOString() ?? null),
    joinedAt: row.joinedAt?.toISOString() ?? null,
  }
}

/** The same person twice (agent ID or email), or someone another agency already has: a clear 409. */
async function assertNewPerson(tx: Executor, agencyId: string, input: NewAgent) {
  if (await repository.findAgentByCode(tx, agencyId, input.agentId)) throw conflict('agentId', T.agentIdTaken)
  const sameEmail = await repository.findAgentByEmail(tx, agencyId, input.email)
  if (sameEmail) throw conflict('email', T.agentEmailTaken.replace('{agentId}', sameEmail.agentCode))
  const account = await findAccountByEmail(tx, input.email)
  if (account && account.agencyId !== agencyId) throw conflict('email', T.emailOtherAgency)
  return account
}

/**
 * Records a new agent on the agency's active workflow and invites them by email to set a password
 * and join. Someone who already has an account in this agency (a colleague already signed up) is
 * linked to it at once instead, and told in the app.
 */
export async function addAgent(db: Db, ctx: Ctx, input: NewAgent, settings: InvitationSettings) {
  const { agencyId, userId } = ctx.actor
  try {
    return await db.transaction(async (tx) => {
      assertAdmin(await scopeOf(tx, ctx))
      const account = await assertNewPerson(tx, agencyId, input)
      const workflow = await workflowForNewAgent(tx, ctx, input.workflowId)
      const { agentId: agentCode, workflowId: _chosen, ...fields } = input
      const agent = await repository.insertAgent(tx, {
        ...fields,
        // Not given: the start date is today (the column's default).
        startDate: fields.startDate ?? undefined,
        agentCode,
        agencyId,
        workflowId: workflow.id,
        userId: account?.id ?? null,
        joinedAt: account ? new Date() : null,
        createdBy: userId,
      })
      await recordAudit(tx, ctx, {
        action: 'onboarding.agent_added',
        entity: { type: 'onboarding_agent', id: agent.id },
        details: { workflowId: workflow.id, existingAccount: Boolean(account) },
      })
      if (account) {
        await notifyUser(tx, {
          agencyId,
          userId: account.id,
          title: 'Your onboarding has started',
          message: `You follow "${workflow.name}" as agent ${agent.agentCode}. See your checklist under Agency Onboarding.`,
          type: 'update',
          priority: 'normal',
        })
        return { agent: toAgent(agent, workflow.name, null), invitation: null }
      }
      const invitation = await issueInvitation(tx, ctx, agent, settings)
      return { agent: toAgent(agent, workflow.name, new Date(invitation.expiresAt)), invitation }
    })
  } catch (error) {
    // Two admins adding the same person at once: the unique indexes decide, with the same messages.
    if (isUniqueViolation(error)) throw conflict('agentId', T.agentIdTaken)
    throw error
  }
}

/** For pickers: the first 50 agents matching `q`; an agent sees only themselves. */
export async function listAgents(db: Db, ctx: Ctx, q: string | undefined): Promise<Agent[]> {
  const scope = await scopeOf(db, ctx)
  const rows = await repository.listAgentsWithWorkflow(db, scope.agencyId, {
    id: scope.agentId ?? undefined,
    q,
    limit: 50,
  })
  const open = await invitations.findOpenInvitations(
    db,
    scope.agencyId,
    rows.filter((row) => !row.agent.userId).map((row) => row.agent.id),
  )
  return rows.map(({ agent, workflowName }) => toAgent(agent, workflowName, open.get(agent.id) ?? null))
}

/** A fresh link for an agent who has not joined (the earlier ones stop working). */
export async function resendInvitation(db: Db, ctx: Ctx, id: string, settings: InvitationSettings) {
  return db.transaction(async (tx) => {
    const scope = await scopeOf(tx, ctx)
    const agent = await repository.findAgent(tx, scope.agencyId, id, { forUpdate: true })
    if (!agent) throw notFound()
    assertAdmin(scope)
    if (agent.userId) throw new AppError('CONFLICT', { message: T.agentJoined })
    return issueInvitation(tx, ctx, agent, settings)
  })
}
