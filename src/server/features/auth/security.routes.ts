import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import { registerCall } from '#server/platform/http.ts'
import {
  agencyTwoFactorCall,
  changePasswordCall,
  confirmEnrolmentCall,
  disableTwoFactorCall,
  endOtherSessionsCall,
  endSessionCall,
  listSessionsCall,
  regenerateRecoveryCodesCall,
  securityStatusCall,
  startEnrolmentCall,
} from '#shared/contracts/auth-security.contract.ts'
import { AGENCY_ADMIN_ROLES } from '#shared/domain/roles.ts'
import { changePassword } from './change-password.ts'
import * as service from './security.service.ts'
import type { SessionPolicy } from './sessions.service.ts'
import { endOtherSessions, endSession, listActiveSessions } from './sessions.service.ts'

export interface SecurityDeps {
  db: Db
  policy: SessionPolicy
  cipher: FieldCipher
  authRateLimit: number
}

/** Settings › Security: password, two-factor, the agency's requirement, active sessions. */
export function securityRoutes(app: FastifyInstance, deps: SecurityDeps): void {
  const { db, cipher } = deps
  // Calls that check a password or a code are throttled per address like sign-in is.
  const GUESSES = { rateLimit: { max: deps.authRateLimit, timeWindow: '1 minute' } } as const

  registerCall(app, securityStatusCall, {}, async ({ raw }) => service.getSecurityStatus(db, requireCtx(raw)))

  registerCall(app, changePasswordCall, GUESSES, async ({ raw, body }) =>
    changePassword(db, requireCtx(raw), body),
  )

  registerCall(app, startEnrolmentCall, GUESSES, async ({ raw, body }) =>
    service.startEnrolment(db, cipher, requireCtx(raw), body),
  )

  registerCall(app, confirmEnrolmentCall, GUESSES, async ({ raw, body }) =>
    service.confirmEnrolment(db, cipher, requireCtx(raw), body),
  )

  registerCall(app, regenerateRecoveryCodesCall, GUESSES, async ({ raw, body }) =>
    service.regenerateRecoveryCodes(db, cipher, requireCtx(raw), body),
  )

  registerCall(app, disableTwoFactorCall, GUESSES, async ({ raw, body }) =>
    service.disableTwoFactor(db, cipher, requireCtx(raw), body),
  )

  registerCall(app, agencyTwoFactorCall, { roles: AGENCY_ADMIN_ROLES }, async ({ raw, body }) =>
    service.setAgencyTwoFactorRequirement(db, requireCtx(raw), body.required),
  )

  registerCall(app, listSessionsCall, {}, async ({ raw }) => ({
    sessions: await listActiveSessions(db, deps.policy, requireCtx(raw)),
  }))

  registerCall(app, endSessionCall, {}, async ({ raw, params }) => endSession(db, requireCtx(raw), params.id))

  registerCall(app, endOtherSessionsCall, {}, async ({ raw }) => endOtherSessions(db, requireCtx(raw)))
}
