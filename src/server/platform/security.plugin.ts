import type { FastifyInstance, FastifyRequest } from 'fastify'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { refuseEarly } from './http.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function originOf(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin
  if (origin && origin !== 'null') return origin
  const referer = request.headers.referer
  if (!referer) return undefined
  try {
    return new URL(referer).origin
  } catch {
    return 'invalid'
  }
}

function sameHostAs(origin: string, hostHeader: string | undefined): boolean {
  if (!hostHeader) return false
  const from = new URL(origin)
  try {
    // Parse the Host header with the origin's scheme so default ports compare equal.
    return from.host === new URL(`${from.protocol}//${hostHeader}`).host
  } catch {
    return false
  }
}

/**
 * CSRF: a state-changing call must come from our own origin (the Origin header, or the Referer
 * when a browser leaves Origin out). SameSite=Lax cookies are the first wall; this is the second.
 * API answers are never cached.
 */
export function registerSecurityHooks(app: FastifyInstance, options: { publicUrl?: string }): void {
  const allowed = options.publicUrl ? new URL(options.publicUrl).origin : undefined

  // Callback hooks, not async ones: they run on every request and rarely wait for anything, and
  // an async hook costs each request a promise and a turn of the microtask queue.
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done()
    if (request.routeOptions.config?.signed === true) return done()
    const origin = originOf(request)
    const sameHost = origin !== undefined && origin !== 'invalid' && sameHostAs(origin, request.headers.host)
    if (origin !== undefined && (origin === allowed || sameHost)) return done()
    request.log.warn({ origin }, 'cross-site request refused')
    // Answered here, so the hook does not call done().
    refuseEarly(reply, 403, GENERIC_MESSAGES.crossSite)
  })

  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store')
    done(null, payload)
  })
}
