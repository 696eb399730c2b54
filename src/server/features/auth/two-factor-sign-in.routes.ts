import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '#server/platform/app-error.ts'
import { type CookieOptions, requestMeta } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import {
  cancelSecondStepCall,
  secondStepCall,
  signInEnrolCall,
  signInEnrolmentCall,
} from '#shared/contracts/auth-security.contract.ts'
import { clearChallengeCookie, readChallengeToken, readDeviceToken } from './auth-cookies.routes.ts'
import type { SignedIn, SignInDeps } from './sign-in.ts'
import {
  cancelSecondStep,
  completeSecondStep,
  completeSignInEnrolment,
  getSignInEnrolment,
} from './sign-in-with-two-factor.ts'

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

  /** A 401 (the challenge is dead) or 429 (the email is locked) also clears the challenge cookie. */
  async function orClearChallenge<T>(reply: FastifyReply, step: () => Promise<T>): Promise<T> {
    try {
      return await step()
    } catch (error) {
      if (error instanceof AppError && (error.status === 401 || error.status === 429)) {
        clearChallengeCookie(reply, cookie)
      }
      throw error
    }
  }

  registerCall(app, secondStepCall, credentials, async ({ raw, reply, body }) => {
    const signedIn = await orClearChallenge(reply, () =>
      completeSecondStep(
        deps,
        readChallengeToken(raw, cookie),
        body,
        requestMeta(raw),
        readDeviceToken(raw, cookie),
      ),
    )
    await deps.replaceSession(raw, reply, signedIn)
    return { user: signedIn.user }
  })

  registerCall(app, cancelSecondStepCall, credentials, async ({ raw, reply }) => {
    const answer = await cancelSecondStep(deps, readChallengeToken(raw, cookie), requestMeta(raw))
    clearChallengeCookie(reply, cookie)
    return answer
  })

  registerCall(app, signInEnrolmentCall, credentials, async ({ raw }) =>
    getSignInEnrolment(deps, readChallengeToken(raw, cookie)),
  )

  registerCall(app, signInEnrolCall, credentials, async ({ raw, reply, body }) => {
    const signedIn = await orClearChallenge(reply, () =>
      completeSignInEnrolment(
        deps,
        readChallengeToken(raw, cookie),
        body.code,
        requestMeta(raw),
        readDeviceToken(raw, cookie),
      ),
    )
    await deps.replaceSession(raw, reply, signedIn)
    return { user: signedIn.user, recoveryCodes: signedIn.recoveryCodes }
  })
}
