import { randomBytes } from 'node:crypto'
import { millisecondsInDay } from 'date-fns/constants'
import type { Db, Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit, recordAuditAs } from '#server/platform/audit.ts'
import type { Ctx, RequestMeta } from '#server/platform/context.ts'
import { sha256Hex } from '#server/platform/crypto.ts'
import { queueMail } from '#server/platform/mail.ts'
import { hashPassword } from '#server/platform/passwords.ts'
import { JOIN_PAGE } from '#shared/contracts/onboarding-agents.contract.ts'
import { ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { findAgencyName } from '../agencies/agencies.service.ts'
import { createAgentAccount } from '../auth/auth.service.ts'
import { notifyUser } from '../notifications/notifications.service.ts'
import * as agents from './agents.repository.ts'
import * as repository from './invitations.repository.ts'
import { agentName } from './onboarding-access.service.ts'

/** A link works for 7 days, once. */
export const INVITATION_DAYS = 7

export interface InvitationSettings {
  /** Where the agency's users reach the app (PUBLIC_URL): the link's origin. */
  publicUrl: string
  /** Whether mail leaves through SMTP (else it waits in the Outbox screen). */
  smtpConfigured: boolean
}

const invalid = () => new AppError('NOT_FOUND', { message: T.invitationInvalid })

/**
 * Sends the agent a one-time link to set a password and join the agency (earlier links stop
 * working). Only the token's SHA-256 is stored; the token is in the mail alone, after '#' in the
 * link so it never reaches a server's or proxy's log.
 */
export async function issueInvitation(
  tx: Executor,
  ctx: Ctx,
  agent: agents.AgentRow,
  settings: InvitationSettings,
) {
  const { agencyId } = ctx.actor
  await repository.revokeOpenInvitations(tx, agencyId, agent.id)
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * millisecondsInDay)
  await repository.insertInvitation(tx, {
    id: sha256Hex(token),
    agencyId,
    agentId: agent.id,
    email: agent.email,
    expiresAt,
  })
  const agencyName = (await findAgencyName(tx, agencyId)) ?? 'your agency'
  const link = `${settings.publicUrl.replace(/\/$/, '')}${JOIN_PAGE}#${token}`
  await queueMail(tx, {
    agencyId,
    to: agent.email,
    subject: `You're invited to join ${agencyName}`,
    text: [
      `Hello ${agent.firstName},`,
      '',
      `${agencyName} has added you as an agent (agent ID ${agent.agentCode}). Set your password to join:`,
      '',
      link,
      '',
      `The link works once and expires on ${expiresAt.toUTCString()}. If you did not expect this, ignore this email.`,
    ].join('\n'),
  })
  await recordAudit(tx, ctx, {
    action: 'onboarding.invitation_sent',
    entity: { type: 'onboarding_agent', id: agent.id },
    details: { expiresAt: expiresAt.toISOString() },
  })
  return {
    sentTo: agent.email,
    expiresAt: expiresAt.toISOString(),
    delivery: settings.smtpConfigured ? ('email' as const) : ('outbox' as const),
  }
}

/** The invitation behind a token, still usable; otherwise the reason it is not. */
async function usableInvitation(executor: Executor, token: string, options: { forUpdate?: boolean } = {}) {
  const invitation = await repository.findInvitationByHash(executor, sha256Hex(token), options)
  if (!invitation || invitation.revokedAt) throw invalid()
  if (invitation.usedAt) throw new AppError('CONFLICT', { message: T.invitationUsed })
  if (invitation.expiresAt.getTime() <= Date.now())
    throw new AppError('CONFLICT', { message: T.invitationExpired })
  const agent = await agents.findAgent(executor, invitation.agencyId, invitation.agentId, options)
  if (!agent) throw invalid()
  if (agent.userId) throw new AppError('CONFLICT', { message: T.invitationUsed })
  return { invitation, agent }
}

/** What the join page shows before the password is set. */
export async function previewInvitation(db: Db, token: string) {
  const { invitation, agent } = await usableInvitation(db, token)
  return {
    agencyName: (await findAgencyName(db, invitation.agencyId)) ?? '',
    firstName: agent.firstName,
    lastName: agent.lastName,
    email: agent.email,
    expiresAt: invitation.expiresAt.toISOString(),
  }
}

/**
 * Sets the password and joins: an agent account in the invitation's agency (the only one it can
 * join), the link spent, the agent record linked, the inviter told. All in one transaction, with
 * the invitation locked, so a link raced from two tabs makes one account.
 */
export async function acceptInvitation(
  db: Db,
  input: { token: string; password: string },
  meta: RequestMeta,
) {
  const passwordHash = await hashPassword(input.password)
  return db.transaction(async (tx) => {
    const { invitation, agent } = await usableInvitation(tx, input.token, { forUpdate: true })
    const { agencyId } = invitation
    const user = await createAgentAccount(tx, {
      agencyId,
      email: agent.email,
      firstName: agent.firstName,
      lastName: agent.lastName,
      passwordHash,
    })
    await repository.markUsed(tx, invitation.id)
    await agents.linkUser(tx, agencyId, agent.id, user.id)
    if (agent.createdBy) {
      await notifyUser(tx, {
        agencyId,
        userId: agent.createdBy,
        title: 'An agent joined your agency',
        message: `${agentName(agent)} (agent ID ${agent.agentCode}) set a password and joined.`,
        type: 'update',
        priority: 'normal',
      })
    }
    await recordAuditAs(
      tx,
      meta,
      { agencyId, actorUserId: user.id },
      { action: 'onboarding.invitation_accepted', entity: { type: 'onboarding_agent', id: agent.id } },
    )
    return { email: user.email, agencyName: (await findAgencyName(tx, agencyId)) ?? '' }
  })
}
