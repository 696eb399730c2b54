import type { FastifyReply, FastifyRequest } from 'fastify'
import type { CookieOptions } from '#server/platform/auth.plugin.ts'

/** Over HTTPS the __Host- prefix pins a cookie to this host, as the session cookie does. */
function named(cookie: CookieOptions, name: string): string {
  return cookie.secure ? `__Host-${name}` : name
}

const DEVICE_MAX_AGE_SECONDS = 400 * 24 * 3600 // the longest a browser keeps a cookie

/** The pending sign-in's token (second step owed): ten minutes, httpOnly. */
export function readChallengeToken(request: FastifyRequest, cookie: CookieOptions): string | undefined {
  return request.cookies[named(cookie, 'sic')]
}

export function setChallengeCookie(
  reply: FastifyReply,
  cookie: CookieOptions,
  token: string,
  expiresAt: Date,
): void {
  reply.setCookie(named(cookie, 'sic'), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    expires: expiresAt,
  })
}

export function clearChallengeCookie(reply: FastifyReply, cookie: CookieOptions): void {
  reply.clearCookie(named(cookie, 'sic'), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
  })
}

/** The device cookie: names this browser for the new-device alert; it grants nothing. */
export function readDeviceToken(request: FastifyRequest, cookie: CookieOptions): string | undefined {
  return request.cookies[named(cookie, 'did')]
}

export function setDeviceCookie(reply: FastifyReply, cookie: CookieOptions, token: string): void {
  reply.setCookie(named(cookie, 'did'), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    maxAge: DEVICE_MAX_AGE_SECONDS,
  })
}
