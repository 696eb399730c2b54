import type { FastifyInstance, FastifyRequest } from 'fastify'
import { MULTIPART_FILE_CAP_BYTES } from './storage/receive-upload.ts'

/** How long the rest of a refused body may take to arrive before the connection is cut. */
const DRAIN_IDLE_MS = 15_000
/** Room for a multipart form's fields and boundaries beside its file. */
const FORM_ALLOWANCE_BYTES = 1024 * 1024

/**
 * The most of a refused request's body that is read to let its answer through: twice the route's
 * own limit, so a body a little over it (the very one a 413 refuses) still gets its answer.
 */
function drainBound(request: FastifyRequest): number {
  const limit = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 1024 * 1024
  const multipart = request.headers['content-type']?.startsWith('multipart/') === true
  return 2 * (multipart ? Math.max(limit, MULTIPART_FILE_CAP_BYTES + FORM_ALLOWANCE_BYTES) : limit)
}

function sendsBody(request: FastifyRequest): boolean {
  return (
    Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined
  )
}

/** Whether the client is still sending a body the route has not read (and will not). */
function stillSending(request: FastifyRequest): boolean {
  return sendsBody(request) && !request.raw.complete && !request.raw.destroyed
}

/**
 * An answer given before the body was read to its end (401 or 403 before the route, 429, a 413
 * or a refused file mid-upload) must reach a client that is still sending: if the connection
 * closed at once, the client would meet a reset (EPIPE) while writing and never read the answer.
 * So the answer keeps its connection, and the rest of the body is read and dropped, up to the
 * route's limit (twice it) and while it keeps coming; a body past that is cut off, its answer
 * already sent. A body announced larger than that is not waited for.
 */
export function registerUnreadBodyDrain(app: FastifyInstance, options: { closing: () => boolean }): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (options.closing() || !stillSending(request)) return payload
    const announced = Number(request.headers['content-length'] ?? 0)
    if (announced > drainBound(request)) reply.header('connection', 'close')
    else reply.removeHeader('connection')
    return payload
  })
  app.addHook('onResponse', async (request, reply) => {
    if (!stillSending(request) || reply.getHeader('connection') === 'close') return
    drain(request, drainBound(request))
  })
}

function drain(request: FastifyRequest, bound: number): void {
  const raw = request.raw
  let seen = 0
  // Destroying the request destroys its socket (a real one; inject's stands alone).
  const cut = () => raw.destroy()
  let idle = setTimeout(cut, DRAIN_IDLE_MS)
  raw.on('data', (chunk: Buffer) => {
    seen += chunk.length
    if (seen > bound) cut()
    idle.refresh()
  })
  raw.once('close', () => clearTimeout(idle))
  raw.once('end', () => clearTimeout(idle))
  // A parser that stopped mid-body (a refused upload) lets go, so nothing holds the bytes back.
  raw.unpipe()
  raw.resume()
  idle = idle.unref()
}
