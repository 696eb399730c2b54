import { performance } from 'node:perf_hooks'
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import { GENERIC_MESSAGES } from '#shared/errors.ts'

export interface AdmissionOptions {
  /** API requests at work at once; the rest wait their turn in arrival order. */
  concurrency: number
  /** The longest a request waits for its turn; past it, it is answered 503 with Retry-After. */
  waitBudgetMs: number
  /** Requests waiting before any is refused; twice the concurrency (at least 8) unless said. */
  shedBacklog?: number
}

/** A request still at work after this long (an upload, an export, a stream) gives its turn back. */
const HOLD_MS = 500
/** Waiting requests past this many are answered at once: memory stays bounded under a flood. */
const MAX_WAITING = 2000
const RETRY_AFTER_SECONDS = 1

interface Waiting {
  request: FastifyRequest
  reply: FastifyReply
  done: HookHandlerDoneFunction
  arrived: number
}

/**
 * Admission in arrival order, with load shed before it waits too long (decision 023).
 *
 * Saturated, Node serves keep-alive connections unevenly: a request read runs on (PGlite answers
 * in microtasks) until it ends, before the next socket is read, so some sockets are read again
 * and again while others wait 10 s (measured on a bare http server as on this app). Here every
 * API request is read and queued as it arrives; queued requests go on a few at a time, on a turn
 * of the event loop of their own, so reading the other sockets never stops.
 *
 * A request that waited past the budget is answered 503 with Retry-After instead of going on: the
 * work it asked for never started, so a client may send it again. Refusing only after the wait,
 * rather than at once on a prediction, keeps a client that does not honour Retry-After from
 * sending refusals round as fast as the process can answer them, which starved the real work.
 */
export function registerAdmission(app: FastifyInstance, options: AdmissionOptions): void {
  const queue: Waiting[] = []
  let running = 0
  let scheduled = false
  let deadline: NodeJS.Timeout | undefined

  function admit(reply: FastifyReply) {
    running += 1
    let released = false
    const release = () => {
      if (released) return
      released = true
      running -= 1
      clearTimeout(hold)
      schedule()
    }
    const hold = setTimeout(release, HOLD_MS)
    hold.unref()
    // The answer ended, or its connection went before it.
    reply.raw.once('close', release)
  }

  function schedule() {
    if (scheduled || queue.length === 0 || running >= options.concurrency) return
    scheduled = true
    setImmediate(next)
  }

  // Only a real backlog is refused: one tab's few requests that waited behind a slow query (PGlite
  // runs on this thread) go on when it ends, however long that was.
  const backlog = options.shedBacklog ?? Math.max(8, 2 * options.concurrency)
  const overdue = (now: number) => queue.length >= backlog && now - queue[0]!.arrived > options.waitBudgetMs

  function next() {
    scheduled = false
    const now = performance.now()
    while (overdue(now)) shed(queue.shift()!.reply)
    while (queue.length > 0 && running < options.concurrency) {
      const waiting = queue.shift()!
      // A client that gave up while it waited is not served.
      if (waiting.request.socket?.destroyed) continue
      admit(waiting.reply)
      waiting.done()
      // One a turn: Node accepts about one new connection a turn of its event loop (measured:
      // one request of 8 ms a turn let 140 connections in a second; four a turn, 27; a request
      // run whole in its socket's callback, 3), so a turn that does more keeps new clients out.
      break
    }
    schedule()
    armDeadline(now)
  }

  // Every turn is taken and a backlog waits: the first in line is refused when its budget runs
  // out, however long the turns are held.
  function armDeadline(now: number) {
    if (deadline || queue.length < backlog || running < options.concurrency) return
    const left = queue[0]!.arrived + options.waitBudgetMs - now
    deadline = setTimeout(
      () => {
        deadline = undefined
        next()
      },
      Math.max(1, left + 1),
    )
    deadline.unref()
  }

  // Never straight on, even with turns free: a request goes on from the queue on a turn of its
  // own, after every socket readable now has been read.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) return done()
    if (queue.length >= MAX_WAITING) return shed(reply)
    const now = performance.now()
    queue.push({ request, reply, done, arrived: now })
    schedule()
    armDeadline(now)
  })
}

function shed(reply: FastifyReply) {
  reply
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .status(503)
    .send({ message: GENERIC_MESSAGES.busy })
}
