import type { Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { Actor } from '#server/platform/context.ts'
import { SECURITY_MESSAGES } from '#shared/contracts/auth-security.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { findAgency } from '../agencies/agencies.service.ts'
import * as repository from './auth.repository.ts'

/** A user of the agency with the agency's row; undefined when there is no such user. */
export async function findUserWithAgency(executor: Executor, agencyId: string, userId: string) {
  const user = await repository.findUser(executor, agencyId, userId)
  const agency = user && (await findAgency(executor, user.agencyId))
  return user && agency ? { user, agency } : undefined
}

/** The signed-in user with their agency; a user gone since the session began answers 401. */
export async function loadCurrentUser(executor: Executor, actor: Pick<Actor, 'agencyId' | 'userId'>) {
  const row = await findUserWithAgency(executor, actor.agencyId, actor.userId)
  if (!row) throw new AppError('UNAUTHORIZED', { message: GENERIC_MESSAGES.unauthorized })
  return row
}

/**
 * The public demo account is shared by every visitor: one of them turning two-factor on, requiring
 * it, or changing the password would lock all the others out. Its sessions stay manageable.
 */
export function assertNotDemoAgency(agency: { isDemo: boolean }): void {
  if (agency.isDemo) throw new AppError('FORBIDDEN', { message: SECURITY_MESSAGES.demoAccountLocked })
}
