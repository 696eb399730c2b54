import { recordAuditAs } from '#server/platform/audit.ts'
import type { RequestMeta } from '#server/platform/context.ts'
import { isUniqueViolation } from '#server/platform/db-errors.ts'
import { hashPassword } from '#server/platform/passwords.ts'
import type { SignupInput } from '#shared/contracts/auth.contract.ts'
import * as repository from './auth.repository.ts'
import { createAgencyWithAdmin, emailTaken, getCurrentUser } from './auth.service.ts'
import { recogniseDevice } from './recognise-device.ts'
import { createSession } from './sessions.service.ts'
import type { SignedIn, SignInDeps } from './sign-in.ts'

/**
 * A new agency and its first user (agency admin), signed in, with a welcome notification and email.
 * The browser becomes the user's first known device, so its next sign-in raises no alert.
 */
export async function signup(
  { db, policy, readUsage }: Pick<SignInDeps, 'db' | 'policy' | 'readUsage'>,
  input: SignupInput,
  meta: RequestMeta,
  deviceToken: string | undefined,
): Promise<SignedIn> {
  if (await repository.findUserByEmail(db, input.email)) throw emailTaken()
  const passwordHash = await hashPassword(input.password)
  try {
    return await db.transaction(async (tx) => {
      const user = await createAgencyWithAdmin(tx, {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        passwordHash,
      })
      await recordAuditAs(
        tx,
        meta,
        { agencyId: user.agencyId, actorUserId: user.id },
        {
          action: 'auth.signup',
          entity: { type: 'user', id: user.id },
          details: { selectedPlan: input.selectedPlan },
        },
      )
      const session = await createSession(tx, policy, user, meta)
      const device = await recogniseDevice(tx, user, deviceToken, meta.userAgent)
      const current = await getCurrentUser(tx, { agencyId: user.agencyId, userId: user.id }, readUsage)
      return { user: current, ...session, deviceToken: device.deviceToken }
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken()
    throw error
  }
}
