import { once } from 'node:events'
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  DELIVERY_HEADERS,
  nowSeconds,
  sign,
  verifySignature,
  WEBHOOK_HEADERS,
} from '#server/features/carrier-delivery/signing.service.ts'

/** What the next request gets instead of the default answer; one is used per request, in order. */
export type ScriptedResponse =
  | { status: number; body?: unknown }
  | { delayMs: number }
  | { hang: true }
  | { destroy: true }

export interface ReceivedRequest {
  method: string
  path: string
  key: string | null
  headers: IncomingHttpHeaders
  rawBody: string
  receivedAt: Date
}

export interface AcceptedApplication {
  key: string
  body: unknown
  confirmationNumber: string
}

export interface FakeCarrier {
  /** The submissions endpoint; any path of this server answers the same way. */
  url: string
  requests: ReceivedRequest[]
  /** One entry per distinct accepted idempotency key. */
  accepted: AcceptedApplication[]
  script(responses: ScriptedResponse[]): void
  waitForRequests(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>
  close(): Promise<void>
}

/**
 * A carrier's submission API on loopback, checking our signature and idempotency key the way a
 * real carrier would, and scriptable to fail, stall, hang or drop the connection.
 */
export async function startFakeCarrier(options: { secret: string }): Promise<FakeCarrier> {
  const requests: ReceivedRequest[] = []
  const accepted: AcceptedApplication[] = []
  const answers = new Map<string, { confirmationNumber: string; status: 'received' }>()
  const queue: ScriptedResponse[] = []
  const arrivals: (() => void)[] = []

  const answerNormally = (res: ServerResponse, request: ReceivedRequest) => {
    const timestamp = Number(request.headers[DELIVERY_HEADERS.timestamp])
    const signature = request.headers[DELIVERY_HEADERS.signature]
    const signed =
      Number.isInteger(timestamp) &&
      typeof signature === 'string' &&
      verifySignature(options.secret, timestamp, request.rawBody, signature)
    if (!signed) return reply(res, 401, { error: 'bad signature' })
    if (!request.key) return reply(res, 400, { error: 'missing idempotency key' })
    const earlier = answers.get(request.key)
    if (earlier) return reply(res, 200, earlier)
    let body: unknown
    try {
      body = JSON.parse(request.rawBody)
    } catch {
      return reply(res, 400, { error: 'invalid JSON' })
    }
    const answer = {
      confirmationNumber: `FC-${String(accepted.length + 1).padStart(6, '0')}`,
      status: 'received' as const,
    }
    answers.set(request.key, answer)
    accepted.push({ key: request.key, body, confirmationNumber: answer.confirmationNumber })
    reply(res, 200, answer)
  }

  const server = createServer(async (req, res) => {
    const scripted = queue.shift()
    let request: ReceivedRequest
    try {
      request = await readRequest(req)
    } catch {
      return // the client went away mid-body
    }
    requests.push(request)
    for (const notify of arrivals.splice(0)) notify()
    if (!scripted) return answerNormally(res, request)
    if ('hang' in scripted) return
    if ('destroy' in scripted) return req.socket.destroy()
    if ('delayMs' in scripted) {
      await new Promise((resolve) => setTimeout(resolve, scripted.delayMs))
      if (!res.destroyed) answerNormally(res, request)
      return
    }
    reply(res, scripted.status, scripted.body ?? {})
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}/submissions`,
    requests,
    accepted,
    script(responses) {
      queue.push(...responses)
    },
    async waitForRequests(count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs
      while (requests.length < count) {
        const left = deadline - Date.now()
        if (left <= 0)
          throw new Error(`Fake carrier got ${requests.length} of ${count} requests in ${timeoutMs} ms`)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left)
          arrivals.push(() => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
      return requests.slice(0, count)
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      // Hanging and kept-alive sockets would hold close() open forever.
      server.closeAllConnections()
      await closed
    },
  }
}

async function readRequest(req: IncomingMessage): Promise<ReceivedRequest> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const key = req.headers[DELIVERY_HEADERS.idempotencyKey]
  return {
    method: req.method ?? 'GET',
    path: req.url ?? '/',
    key: typeof key === 'string' ? key : null,
    headers: req.headers,
    rawBody: Buffer.concat(chunks).toString('utf8'),
    receivedAt: new Date(),
  }
}

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

/** A carrier status webhook as the carrier would send it: the JSON payload and its signed headers. */
export function signedWebhook(
  secret: string,
  body: object,
  timestamp = nowSeconds(),
): { payload: string; headers: Record<string, string> } {
  const payload = JSON.stringify(body)
  return {
    payload,
    headers: {
      'content-type': 'application/json',
      [WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [WEBHOOK_HEADERS.signature]: sign(secret, timestamp, payload),
    },
  }
}
