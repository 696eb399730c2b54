import type { Executor } from '#server/db/connect.ts'
import { AppError, invalidField } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import { ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { isAgencyAdmin } from '#shared/domain/roles.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import * as agents from './agents.repository.ts'

export const notFound = () => new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })

/**
 * Whose records a caller may see: an agency admin sees the whole agency (agentId null); an agent
 * sees only the records of their own agent row, and none when they have no row (they did not
 * join through onboarding).
 */
export type Scope = { agencyId: string; agentId: string | null; admin: boolean }

const NO_AGENT = '00000000-0000-0000-0000-000000000000'

export async function scopeOf(executor: Executor, ctx: Ctx): Promise<Scope> {
  const { agencyId, userId, role } = ctx.actor
  if (isAgencyAdmin(role)) return { agencyId, agentId: null, admin: true }
  const own = await agents.findAgentOfUser(executor, agencyId, userId)
  // No row of their own: an id no row has, so every query answers nothing.
  return { agencyId, agentId: own?.id ?? NO_AGENT, admin: false }
}

/** A record's agent may be seen by the caller: the agency's admins, or the agent themselves. */
export function maySee(scope: Scope, agentId: string): boolean {
  return scope.agentId === null || scope.agentId === agentId
}

/**
 * The agent named by an agent ID in a form. An agent may name only themselves; anyone else's ID,
 * like an unknown one, is the field's message.
 */
export async function agentForForm(executor: Executor, scope: Scope, code: string, field = 'agentId') {
  const agent = await agents.findAgentByCode(executor, scope.agencyId, code)
  if (!agent || !maySee(scope, agent.id)) throw invalidField(field, T.unknownAgent)
  return agent
}

/** The `?agentId=` filter of a list, as an agent row id; an unknown one matches nothing. */
export async function agentFilter(executor: Executor, scope: Scope, code: string | undefined) {
  if (!code) return scope.agentId
  const agent = await agents.findAgentByCode(executor, scope.agencyId, code)
  if (!agent || !maySee(scope, agent.id)) return NO_AGENT
  return agent.id
}

export function assertAdmin(scope: Scope, message: string = GENERIC_MESSAGES.forbidden): void {
  if (!scope.admin) throw new AppError('FORBIDDEN', { message })
}

export const agentName = (row: { firstName: string; lastName: string }) =>
  `${row.firstName} ${row.lastName}`.trim()
