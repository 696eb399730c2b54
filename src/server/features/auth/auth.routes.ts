import { generateCodeVerifier, generateState } from 'arctic'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import {
  type CookieOptions,
  clearSessionCookie,
  requestMeta,
  requireCtx,
  setSessionCookie,
} from '#server/platform/auth.plugin.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import { registerCall } from '#server/platform/http.ts'
import { listAgencyUsersCall } from '#shared/contracts/agency-users.contract.ts'
import { AUTH_PAGES, currentUserCall, loginCall, signupCall } from '#shared/contracts/auth.contract.ts'
import * as service from './auth.service.ts'
import {
  clearChallengeCookie,
  readDeviceToken,
  setChallengeCookie,
  setDeviceCookie,
} from './auth-cookies.routes.ts'
import { listAgencyUsers } from './list-agency-users.ts'
import { deleteSession, type SessionPolicy } from './sessions.service.ts'
import { demoLogin, login, type SignedIn, type SignInResult } from './sign-in.ts'
import { type GoogleSignIn, signInWithGoogle } from './sign-in-with-google.ts'
import { signup } from './sign-up.ts'
import { twoFactorSignInRoutes } from './two-factor-sign-in.routes.ts'

export interface AuthDeps {
  db: Db
  policy: SessionPolicy
  cookie: CookieOptions
  cipher: FieldCipher
  google?: GoogleSignIn
  authRateLimit: number
  /** Billing's count of the plan's usage, for the current user's answer. */
  readUsage: service.ReadUsage
}

const PUBLIC = { public: true } as const
const OAUTH_COOKIE = 'google_oauth'

export function authRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const { db, policy, cookie } = deps
  // Per-address throttle on the credential calls, on top of the per-email lockout in the service.
  const CREDENTIALS = {
    public: true,
    rateLimit: { max: deps.authRateLimit, timeWindow: '1 minute' },
  } as const

  const signInDeps = { db, policy, cipher: deps.cipher, readUsage: deps.readUsage }

  /** Session fixation: whatever session the browser had ends when a new one starts. */
  async function replaceSession(request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn) {
    const previous = request.cookies[cookie.name]
    if (previous) await deleteSession(db, previous)
    setSessionCookie(reply, cookie, signedIn.token, signedIn.expiresAt)
    setDeviceCookie(reply, cookie, signedIn.deviceToken)
    clearChallengeCookie(reply, cookie)
  }

  /**
   * A first step's outcome: the session, or (two-factor owed) the challenge cookie and no session,
   * and any session the browser had ends now, since the sign-in replaces it.
   */
  async function answerFirstStep(request: FastifyRequest, reply: FastifyReply, result: SignInResult) {
    if (result.kind === 'session') {
      await replaceSession(request, reply, result.signedIn)
      return { kind: 'session' as const, user: result.signedIn.user }
    }
    const previous = request.cookies[cookie.name]
    if (previous) await deleteSession(db, previous)
    clearSessionCookie(reply, cookie)
    setChallengeCookie(reply, cookie, result.challenge.token, result.challenge.expiresAt)
    return { kind: 'challenge' as const, step: result.step }
  }

  registerCall(app, signupCall, CREDENTIALS, async ({ raw, reply, body }) => {
    const signedIn = await signup(signInDeps, body, requestMeta(raw), readDeviceToken(raw, cookie))
    await replaceSession(raw, reply, signedIn)
    return { user: signedIn.user }
  })

  registerCall(app, loginCall, CREDENTIALS, async ({ raw, reply, body }) => {
    const result = await login(signInDeps, body, requestMeta(raw), readDeviceToken(raw, cookie))
    const answer = await answerFirstStep(raw, reply, result)
    if (answer.kind === 'session') return { user: answer.user }
    return answer.step === 'verify'
      ? ({ twoFactorRequired: true } as const)
      : ({ twoFactorEnrolmentRequired: true } as const)
  })

  twoFactorSignInRoutes(app, { ...signInDeps, cookie, credentials: CREDENTIALS, replaceSession })

  registerCall(app, listAgencyUsersCall, {}, async ({ raw }) => ({
    users: await listAgencyUsers(db, requireCtx(raw)),
  }))

  registerCall(app, currentUserCall, {}, async ({ raw }) =>
    service.getCurrentUser(db, requireCtx(raw).actor, deps.readUsage),
  )

  app.get(AUTH_PAGES.demoLogin, { config: CREDENTIALS }, async (request, reply) => {
    const result = await demoLogin(signInDeps, requestMeta(request), readDeviceToken(request, cookie))
    if (!result) return reply.redirect('/login?error=demo_unavailable')
    const answer = await answerFirstStep(request, reply, result)
    return reply.redirect(answer.kind === 'session' ? '/' : `/login?twoFactor=${answer.step}`)
  })

  app.get(AUTH_PAGES.logout, { config: PUBLIC }, async (request, reply) => {
    const token = request.cookies[cookie.name]
    if (token) await service.logout(db, token, request.actor, requestMeta(request))
    clearSessionCookie(reply, cookie)
    return reply.redirect('/login')
  })

  app.get(AUTH_PAGES.login, { config: PUBLIC }, async (_request, reply) => reply.redirect('/login'))

  const startGoogle = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!deps.google) return reply.redirect('/login?error=google_not_configured')
    const state = generateState()
    const codeVerifier = generateCodeVerifier()
    reply.setCookie(OAUTH_COOKIE, `${state}.${codeVerifier}`, {
      path: '/api/auth/google',
      httpOnly: true,
      sameSite: 'lax',
      secure: cookie.secure,
      maxAge: 600,
      signed: true,
    })
    return reply.redirect(deps.google.authorizationUrl(state, codeVerifier).toString())
  }
  app.get(AUTH_PAGES.google, { config: PUBLIC }, startGoogle)
  app.get(AUTH_PAGES.socialGoogle, { config: PUBLIC }, startGoogle)

  app.get(AUTH_PAGES.googleCallback, { config: PUBLIC }, async (request, reply) => {
    if (!deps.google) return reply.redirect('/login?error=google_not_configured')
    const query = request.query as Record<string, string | undefined>
    const stored = request.unsignCookie(request.cookies[OAUTH_COOKIE] ?? '')
    reply.clearCookie(OAUTH_COOKIE, { path: '/api/auth/google' })
    const [state, codeVerifier] = stored.valid && stored.value ? stored.value.split('.') : []
    if (!query.code || !state || !codeVerifier || query.state !== state) {
      return reply.redirect('/login?error=google_failed')
    }
    try {
      const claims = await deps.google.exchange(query.code, codeVerifier)
      const result = await signInWithGoogle(
        signInDeps,
        claims,
        requestMeta(request),
        readDeviceToken(request, cookie),
      )
      const answer = await answerFirstStep(request, reply, result)
      if (answer.kind === 'challenge') return reply.redirect(`/login?twoFactor=${answer.step}`)
      // The success screen is driven by these parameters (spec part 1 §2); no sensitive data.
      const params = new URLSearchParams({
        auth: 'success',
        provider: 'google',
        name: claims.name,
        email: claims.email,
        picture: claims.picture,
        verified: String(claims.emailVerified),
      })
      return reply.redirect(`/?${params}`)
    } catch (error) {
      request.log.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'google sign-in failed',
      )
      return reply.redirect('/login?error=google_failed')
    }
  })
}
