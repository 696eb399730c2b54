import type { Db, Executor } from '#server/db/connect.ts'
import { AppError, invalidField } from '#server/platform/app-error.ts'
import { recordAuditAs } from '#server/platform/audit.ts'
import type { Actor, RequestMeta } from '#server/platform/context.ts'
import { isUniqueViolation } from '#server/platform/db-errors.ts'
import { queueMail } from '#server/platform/mail.ts'
import { AUTH_MESSAGES, type CurrentUser } from '#shared/contracts/auth.contract.ts'
import type { PlanCode } from '#shared/domain/plans.ts'
import type { Role } from '#shared/domain/roles.ts'
import { createAgency } from '../agencies/agencies.service.ts'
import { notifyUser } from '../notifications/notifications.service.ts'
import * as repository from './auth.repository.ts'
import { findUserWithAgency, loadCurrentUser } from './load-current-user.ts'
import { endAllSessionsOfUser } from './sessions.repository.ts'
import { deleteSession } from './sessions.service.ts'

/**
 * The plan usage the current user's answer carries. Billing counts it, and billing depends on auth
 * (auth is the base the other features use; decision on feature directions), so the count is
 * passed in where the features are put together (features/index.ts) instead of imported.
 */
export type ReadUsage = (
  executor: Executor,
  agencyId: string,
  planCode: string,
) => Promise<Pick<CurrentUser, 'monthlyApplicationLimit' | 'applicationsUsedThisMonth'>>

export async function getCurrentUser(
  executor: Executor,
  actor: Pick<Actor, 'agencyId' | 'userId'>,
  readUsage: ReadUsage,
) {
  const { user, agency } = await loadCurrentUser(executor, actor)
  const usage = await readUsage(executor, agency.id, agency.planCode)
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    title: user.title,
    role: user.role as Role,
    agencyId: agency.id,
    agencyName: agency.name,
    tenantId: agency.id,
    organizationId: agency.id,
    subscriptionTier: agency.planCode as PlanCode,
    subscriptionStatus: agency.subscriptionStatus,
    ...usage,
  } satisfies CurrentUser
}

/** A user's name and email with their agency's name (what a packet says of its sender); null when gone. */
export async function findUserContact(executor: Executor, agencyId: string, userId: string) {
  const row = await findUserWithAgency(executor, agencyId, userId)
  if (!row) return null
  const { user, agency } = row
  return { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, agencyName: agency.name }
}

/** Whether the agency's user exists and is not disabled: a secret address a user made (a calendar feed) works only then. */
export async function isActiveUser(executor: Executor, agencyId: string, userId: string): Promise<boolean> {
  const row = await findUserWithAgency(executor, agencyId, userId)
  return row !== undefined && row.user.disabledAt === null
}

/** The 409 of a sign-up (or an invited agent's account) whose email another user has. */
export function emailTaken(): AppError {
  return new AppError('CONFLICT', {
    message: AUTH_MESSAGES.emailTaken,
    fieldErrors: [{ path: 'email', message: AUTH_MESSAGES.emailTaken }],
  })
}

/** Used by signup, Google sign-up and the demo seed, so every agency starts the same way. */
export async function createAgencyWithAdmin(
  tx: Executor,
  input: {
    firstName: string
    lastName: string
    email: string
    passwordHash: string | null
    googleSub?: string
    agencyName?: string
    isDemo?: boolean
  },
): Promise<repository.UserRow> {
  const agency = await createAgency(tx, {
    name: input.agencyName ?? `${input.firstName} ${input.lastName} Agency`,
    isDemo: input.isDemo,
  })
  const user = await repository.insertUser(tx, {
    agencyId: agency.id,
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    role: 'agency_admin',
    passwordHash: input.passwordHash,
    googleSub: input.googleSub ?? null,
  })
  await notifyUser(tx, {
    agencyId: agency.id,
    userId: user.id,
    title: 'Welcome to your agency back office',
    message: `${agency.name} is ready. Add your clients and carriers, then send your first application.`,
    type: 'update',
    priority: 'normal',
  })
  await queueMail(tx, {
    agencyId: agency.id,
    to: user.email,
    subject: 'Welcome to your agency back office',
    text: `Hello ${user.firstName},\n\n${agency.name} is ready. Sign in to add your clients and carriers.\n`,
  })
  return user
}

export async function logout(db: Db, token: string, actor: Actor | null, meta: RequestMeta): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteSession(tx, token)
    if (actor) {
      await recordAuditAs(
        tx,
        meta,
        { agencyId: actor.agencyId, actorUserId: actor.userId },
        { action: 'auth.logout' },
      )
    }
  })
}

/**
 * The role command. A changed role ends the user's sessions: a signed-in browser keeps no power the
 * role has lost (or gains none until it signs in again, as the new role). Setting the role the user
 * already has changes nothing.
 */
export async function setUserRole(
  db: Db,
  email: string,
  role: Role,
): Promise<{ user: repository.UserRow; sessionsEnded: number }> {
  return db.transaction(async (tx) => {
    const normalised = email.trim().toLowerCase()
    const before = await repository.findUserByEmail(tx, normalised)
    if (!before) throw invalidField('email', `No user has the email ${email}`)
    if (before.role === role) return { user: before, sessionsEnded: 0 }
    const user = (await repository.setRoleByEmail(tx, normalised, role))!
    const sessionsEnded = await endAllSessionsOfUser(tx, user.agencyId, user.id)
    await recordAuditAs(
      tx,
      { ipAddress: null, userAgent: 'cli', requestId: null },
      { agencyId: user.agencyId, actorUserId: null },
      {
        action: 'user.role_changed',
        entity: { type: 'user', id: user.id },
        details: { from: before.role, role, sessionsEnded },
      },
    )
    return { user, sessionsEnded }
  })
}

/** The account holding an email, in any agency (emails are unique across the platform), or null. */
export async function findAccountByEmail(executor: Executor, email: string) {
  const user = await repository.findUserByEmail(executor, email.trim().toLowerCase())
  return user ? { id: user.id, agencyId: user.agencyId } : null
}

/**
 * An agent's account in an agency, made when they accept an onboarding invitation (the agency
 * comes from the invitation, never from the caller). An email already taken is the sign-up's 409.
 */
export async function createAgentAccount(
  tx: Executor,
  input: { agencyId: string; email: string; firstName: string; lastName: string; passwordHash: string },
): Promise<{ id: string; email: string }> {
  if (await repository.findUserByEmail(tx, input.email)) throw emailTaken()
  try {
    const user = await repository.insertUser(tx, {
      ...input,
      email: input.email.toLowerCase(),
      role: 'agent',
    })
    return { id: user.id, email: user.email }
  } catch (error) {
    // Another sign-up took the email between the check and the insert.
    if (isUniqueViolation(error)) throw emailTaken()
    throw error
  }
}

/** Each agency's admins who can be told about its business (not disabled). */
export function listAgencyAdmins(executor: Executor, agencyIds: string[]) {
  return repository.findAgencyAdmins(executor, agencyIds)
}
