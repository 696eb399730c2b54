import type { Db, Executor } from '#server/db/connect.ts'
import { type AuditEvent, recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { touchAgent } from './agents.repository.ts'
import { maySee, notFound, type Scope, scopeOf } from './onboarding-access.service.ts'

/** What one change to an agent's record did, for the agent's progress and the audit trail. */
export interface AgentRecordChange extends AuditEvent {
  /** The agent whose record changed (the new one when the record moved to another agent). */
  agentId: string
}

/**
 * Closes a change to an agent's onboarding record: the agent is marked changed, so its progress
 * and the agency's cached figures are read again (agency-facts.service.ts), and the change is audited, both
 * in the change's own transaction.
 */
export async function recordAgentChange(tx: Executor, ctx: Ctx, change: AgentRecordChange): Promise<void> {
  const { agentId, ...event } = change
  await touchAgent(tx, ctx.actor.agencyId, agentId)
  await recordAudit(tx, ctx, event)
}

/**
 * An update of one license, training session or document, the way each is made: in one
 * transaction, found within the caller's scope (another agency's record, or another agent's for
 * an agent, is 404 like a missing one), changed, recorded, and read back as answered.
 */
export async function updateAgentRecord<Row extends { agentId: string }, Answer>(
  db: Db,
  ctx: Ctx,
  steps: {
    find: (tx: Executor, agencyId: string) => Promise<Row | null | undefined>
    change: (tx: Executor, scope: Scope, current: Row) => Promise<AgentRecordChange>
    read: (tx: Executor, agencyId: string) => Promise<Answer>
  },
): Promise<Answer> {
  return db.transaction(async (tx) => {
    const scope = await scopeOf(tx, ctx)
    const current = await steps.find(tx, scope.agencyId)
    if (!current || !maySee(scope, current.agentId)) throw notFound()
    await recordAgentChange(tx, ctx, await steps.change(tx, scope, current))
    return steps.read(tx, scope.agencyId)
  })
}
