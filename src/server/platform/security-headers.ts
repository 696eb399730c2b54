import helmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import Fastify, { type FastifyInstance } from 'fastify'

/**
 * Helmet's security headers on every answer, worked out once. @fastify/helmet builds helmet's
 * middleware again for every request, parsing the CSP directives each time: about 30 µs of a
 * trivial request's CPU, and a tenth of what the app adds to a bare route. With our options (no
 * nonces, no directive functions) the headers never change, so a probe app runs the plugin once
 * at start and each request gets the headers it wrote, in onRequest as before, where a route can
 * still replace one.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: FastifyHelmetOptions,
): Promise<void> {
  const headers = Object.fromEntries(await headersHelmetWrites(options))
  app.addHook('onRequest', (_request, reply, done) => {
    // Into Fastify's own headers rather than the raw response's: with none on the raw response,
    // Node writes the head from Fastify's object in one pass instead of setting each header first.
    reply.headers(headers)
    done()
  })
}

async function headersHelmetWrites(options: FastifyHelmetOptions) {
  const probe = Fastify()
  await probe.register(helmet, options)
  let written: [string, string | number | string[]][] = []
  // Runs after helmet's own onRequest hooks: nothing else has touched the response yet.
  probe.addHook('onRequest', (_request, reply, done) => {
    written = Object.entries(reply.raw.getHeaders()).filter(
      (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
    )
    done()
  })
  probe.get('/', (_request, reply) => reply.send(''))
  await probe.inject('/')
  await probe.close()
  if (written.length === 0) throw new Error('helmet wrote no headers')
  return written
}
