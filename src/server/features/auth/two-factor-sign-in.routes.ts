import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type CookieOptions, requestMeta } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import { secondStepCall, signInEnrolCall, signInEnrolmentCall } from '#shared/contracts/security.contract.ts'
import { readChallengeToken, readDeviceToken } from './auth-cookies.ts'
import type { SignedIn, SignInDeps } from './sign-in.ts'
import { completeSecondStep, completeSignInEnrolment, getSignInEnrolment } from './two-factor-sign-in.ts'

interface TwoFactorSignInDeps extends SignInDeps {
  cookie: CookieOptions
  credentials: FastifyContextConfig
  replaceSession(request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn): Promise<void>
}

/**
 * The second step of sign-in. These calls are public (no session exists yet) and work only with
 * the challenge cookie the first step set: without it, or once it expired or was used, they answer 401.
 */
export function twoFactorSignInRoutes(app: FastifyInstance, deps: TwoFactorSignInDeps): void {
  const { cookie, credentials } = deps

  registerCall(app, secondStepCall, credentials, async ({ raw, reply, body }) => {
    const signedIn = await completeSecondStep(
      deps,
      readChallengeToken(raw, cookie),
      body,
      requestMeta(raw),
      readDeviceToken(raw, cookie),
    )
    await deps.replaceSession(raw, reply, signedIn)
    return { user: signedIn.user }
  })

  registerCall(app, signInEnrolmentCall, credentials, async ({ raw }) =>
    getSignInEnrolment(deps, readChallengeToken(raw, cookie)),
  )

  registerCall(app, signInEnrolCall, credentials, async ({ raw, reply, body }) => {
    const signedIn = await completeSignInEnrolment(
      deps,
      readChallengeToken(raw, cookie),
      body.code,
      requestMeta(raw),
      readDeviceToken(raw, cookie),
    )
    await deps.replaceSession(raw, reply, signedIn)
    return { user: signedIn.user, recoveryCodes: signedIn.recoveryCodes }
  })
}
