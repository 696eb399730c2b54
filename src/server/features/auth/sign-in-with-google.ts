import { decodeIdToken, Google } from 'arctic'
import type { RequestMeta } from '#server/platform/context.ts'
import * as repository from './auth.repository.ts'
import { createAgencyWithAdmin } from './auth.service.ts'
import { beginSignIn, type SignInDeps, type SignInResult } from './sign-in.ts'

export interface GoogleClaims {
  sub: string
  email: string
  emailVerified: boolean
  name: string
  givenName: string
  familyName: string
  picture: string
}

export interface GoogleSignIn {
  authorizationUrl(state: string, codeVerifier: string): URL
  /** Exchanges the code for tokens with Google and reads the ID token's claims. */
  exchange(code: string, codeVerifier: string): Promise<GoogleClaims>
}

export function createGoogleSignIn(options: {
  clientId: string
  clientSecret: string
  redirectUri: string
}): GoogleSignIn {
  const google = new Google(options.clientId, options.clientSecret, options.redirectUri)
  return {
    authorizationUrl: (state, codeVerifier) =>
      google.createAuthorizationURL(state, codeVerifier, ['openid', 'profile', 'email']),
    async exchange(code, codeVerifier) {
      const tokens = await google.validateAuthorizationCode(code, codeVerifier)
      const claims = decodeIdToken(tokens.idToken()) as Record<string, unknown>
      const text = (key: string) => (typeof claims[key] === 'string' ? (claims[key] as string) : '')
      return {
        sub: text('sub'),
        email: text('email').toLowerCase(),
        emailVerified: claims.email_verified === true,
        name: text('name'),
        givenName: text('given_name'),
        familyName: text('family_name'),
        picture: text('picture'),
      }
    },
  }
}

/**
 * A known Google account signs in; a verified email that matches a user links to it; anyone else
 * gets a new agency, exactly like signup on the Free plan. Two-factor applies as after a password.
 */
export async function signInWithGoogle(
  deps: SignInDeps,
  claims: GoogleClaims,
  meta: RequestMeta,
  deviceToken: string | undefined,
): Promise<SignInResult> {
  const { db } = deps
  let user = await repository.findUserByGoogleSub(db, claims.sub)
  if (!user && claims.emailVerified) {
    user = await repository.findUserByEmail(db, claims.email)
    if (user) await repository.setGoogleSub(db, user.id, claims.sub)
  }
  if (!user) {
    if (!claims.emailVerified || !claims.email) throw new Error('Google account has no verified email')
    const [first, ...rest] = claims.name.split(' ')
    user = await db.transaction((tx) =>
      createAgencyWithAdmin(tx, {
        firstName: claims.givenName || first || 'Agent',
        lastName: claims.familyName || rest.join(' ') || 'Agent',
        email: claims.email,
        passwordHash: null,
        googleSub: claims.sub,
      }),
    )
  }
  return beginSignIn(deps, user, meta, 'google', deviceToken)
}
