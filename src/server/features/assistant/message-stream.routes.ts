import { PassThrough } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { StreamEvent } from '#shared/contracts/assistant.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'

export const NDJSON = 'application/x-ndjson'

export function wantsStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes(NDJSON)
}

/**
 * Answers with a stream of JSON lines (the contract's StreamEvent) written as `run` produces them.
 * A failure before the first line answers as any error would; after it, the stream ends with an
 * error line (the status is sent by then).
 */
export async function answerAsStream(
  reply: FastifyReply,
  run: (send: (event: StreamEvent) => void) => Promise<void>,
  log: FastifyRequest['log'],
): Promise<FastifyReply> {
  const stream = new PassThrough()
  let started = false
  const send = (event: StreamEvent) => {
    started = true
    stream.write(`${JSON.stringify(event)}\n`)
  }
  const first = new Promise<void>((resolve, reject) => {
    const finish = run((event) => {
      send(event)
      resolve()
    })
    finish.then(
      () => {
        resolve()
        stream.end()
      },
      (error: unknown) => {
        if (!started) return reject(error)
        log.error({ err: error }, 'assistant stream failed')
        stream.end(`${JSON.stringify({ type: 'error', message: GENERIC_MESSAGES.internal })}\n`)
      },
    )
  })
  await first
  return reply
    .header('content-type', `${NDJSON}; charset=utf-8`)
    .header('x-accel-buffering', 'no')
    .send(stream)
}
