// Bulk submission (issue #5), against the real app over HTTP with its job worker running:
// 1. POST /api/bulk-submission/recommendations for one profile over 1,000 carriers
//    (bulk-recommendations.ts).
// 2. One application submitted to 100 API carriers: time from the submit until a loopback carrier
//    (this process) has all 100 (target < 3 s), the submit's own latency, and deliveries per second
//    between the first and the last arrival.
// Beside both, the app process's CPU time per request or per delivery (the submit's own work
// included), which the other load of a shared machine moves far less than the wall-clock figures.
// BENCH_BULK=recommendations (or delivery) runs one part.
import { once } from 'node:events'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { availableParallelism, loadavg } from 'node:os'
import { DELIVERY_HEADERS, verifySignature } from '#server/features/carrier-delivery/signing.service.ts'
import { sampleClientData } from '#test/sample-client-data.ts'
import { benchRecommendations, type RecommendationsServer } from './bulk-recommendations.ts'
import { startBenchChild } from './child.ts'
import { cpuMs } from './http-load.ts'

interface BulkServer extends RecommendationsServer {
  database: string
  deliveryCookie: string
}

const CARRIERS = 100
const RUNS = Number(process.env.BENCH_BULK_RUNS ?? 2)
const TARGET_DELIVERY_MS = 3000
const PARTS = process.env.BENCH_BULK?.split(',') ?? ['recommendations', 'delivery']

/** JSON over HTTP as the browser sends it (same origin, the session cookie). */
async function call<T>(server: BulkServer, cookie: string, method: string, path: string, body?: unknown) {
  const response = await fetch(server.url + path, {
    method,
    headers: {
      cookie,
      origin: server.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`)
  return JSON.parse(text) as T
}

/**
 * A carrier API on loopback for every bench carrier (the path names the carrier): checks the
 * signature with that carrier's secret, answers 200 with a confirmation number, and notes when
 * each distinct idempotency key first arrived.
 */
async function startLoopbackCarrier() {
  const secrets = new Map<string, string>()
  let firstArrival = new Map<string, number>()
  let requests = 0
  let rejected = 0
  let waiter: { count: number; resolve: () => void } | undefined

  const server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks)
    const at = performance.now()
    requests++
    const secret = secrets.get(req.url?.split('/').at(-1) ?? '')
    const timestamp = Number(req.headers[DELIVERY_HEADERS.timestamp])
    const signature = req.headers[DELIVERY_HEADERS.signature]
    const key = req.headers[DELIVERY_HEADERS.idempotencyKey]
    if (
      !secret ||
      typeof signature !== 'string' ||
      typeof key !== 'string' ||
      !verifySignature(secret, timestamp, raw, signature)
    ) {
      rejected++
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"bad signature"}')
      return
    }
    if (!firstArrival.has(key)) firstArrival.set(key, at)
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ confirmationNumber: `LC-${firstArrival.size}`, status: 'received' }))
    if (waiter && firstArrival.size >= waiter.count) waiter.resolve()
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/carriers`
  return {
    endpointFor: (carrierId: string) => `${base}/${carrierId}`,
    secrets,
    reset() {
      firstArrival = new Map()
      requests = 0
      rejected = 0
    },
    stats: () => ({ arrivals: [...firstArrival.values()], requests, rejected }),
    /** Resolves when `count` distinct keys have arrived since the last reset. */
    waitFor(count: number, timeoutMs: number) {
      if (firstArrival.size >= count) return Promise.resolve()
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`loopback carrier: ${firstArrival.size} of ${count} in ${timeoutMs} ms`)),
          timeoutMs,
        )
        waiter = {
          count,
          resolve: () => {
            clearTimeout(timer)
            waiter = undefined
            resolve()
          },
        }
      })
    },
    close: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

type Submission = { carrierId: string; status: string }

async function benchDelivery(server: BulkServer) {
  const cookie = server.deliveryCookie
  const carrier = await startLoopbackCarrier()
  try {
    // 101 API carriers of the agency, each connected with its own secret: the first takes the
    // application when it is created, the other 100 get the timed submit.
    const ids: string[] = []
    for (let i = 0; i <= CARRIERS; i++) {
      const code = `BD${i}-${Date.now() % 100000}`.slice(0, 12)
      const created = await call<{ id: string }>(server, cookie, 'POST', '/api/carriers', {
        name: `Bench Direct ${i}`,
        code,
        state: 'TX',
        states: ['TX'],
        supportedTypes: ['auto'],
        submissionMethod: 'api',
      })
      const connection = await call<{ secret: string }>(
        server,
        cookie,
        'PUT',
        `/api/carriers/${created.id}/connection`,
        { apiEndpoint: carrier.endpointFor(created.id), rotateSecret: true },
      )
      carrier.secrets.set(created.id, connection.secret)
      ids.push(created.id)
    }
    const [first, ...rest] = ids as [string, ...string[]]
    for (let run = 1; run <= RUNS; run++) {
      carrier.reset()
      const application = await call<{ id: string }>(server, cookie, 'POST', '/api/applications', {
        clientData: sampleClientData({ email: `nia-${run}-${Date.now()}@bench.example` }),
        insuranceType: 'auto',
        bulkSubmissionType: 'specific_carriers',
        carrierId: first,
        applicationData: { autoData: { vehicleYear: 2021, vehicleMake: 'Subaru', vehicleModel: 'Outback' } },
      })
      // The application's own delivery (picked up by the worker's poll) is out of the way first.
      await carrier.waitFor(1, 10_000)
      carrier.reset()

      const cpuBefore = await cpuMs(server.controlUrl)
      const started = performance.now()
      const results = await call<{ status: string }[]>(
        server,
        cookie,
        'POST',
        '/api/bulk-submission/submit',
        { applicationId: application.id, submissionType: 'specific_carriers', carrierIds: rest },
      )
      const answered = performance.now() - started
      await carrier.waitFor(CARRIERS, 60_000)
      const cpu = (await cpuMs(server.controlUrl)) - cpuBefore
      const { arrivals, requests, rejected } = carrier.stats()
      arrivals.sort((a, b) => a - b)
      const all = arrivals.at(-1)! - started
      const spread = arrivals.at(-1)! - arrivals[0]!
      const perSecond = ((arrivals.length - 1) / spread) * 1000
      // The agency's view: every submission recorded as sent (the last settle may trail the arrival).
      let submissions: Submission[] = []
      for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
        submissions = (
          await call<{ submissions: Submission[] }>(
            server,
            cookie,
            'GET',
            `/api/applications/${application.id}/submissions`,
          )
        ).submissions
        if (submissions.filter((s) => s.status === 'sent').length >= CARRIERS + 1) break
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      const recorded = performance.now() - started
      const sent = submissions.filter((s) => s.status === 'sent' && s.carrierId !== first).length
      const inAnswer = results.filter((r) => r.status === 'success').length
      const verdict = all < TARGET_DELIVERY_MS ? 'meets target < 3 s' : 'BELOW target < 3 s'
      console.log(
        `  submit to ${CARRIERS} API carriers, run ${run}: all delivered in ${(all / 1000).toFixed(2)} s (${verdict}); first arrival ${(arrivals[0]! - started).toFixed(0)} ms, steady ${perSecond.toFixed(0)} deliveries/s; submit answered in ${answered.toFixed(0)} ms with ${inAnswer} success; app CPU ${(cpu / CARRIERS).toFixed(1)} ms per delivery; ${sent}/${CARRIERS} recorded sent by ${(recorded / 1000).toFixed(2)} s; ${requests} requests, ${rejected} refused`,
      )
    }
  } finally {
    await carrier.close()
  }
}

export async function benchBulkSubmission(): Promise<void> {
  const { child, info } = await startBenchChild<BulkServer>('bench/bulk-submission-server.ts')
  try {
    // The machine's load beside the figures: the delivery time has no same-run baseline to divide by.
    console.log(
      `\nbulk submission: worker in the app process (poll 1 s, batches of 10, woken by a submit), ${info.database}, load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
    )
    if (PARTS.includes('recommendations')) await benchRecommendations(info)
    if (PARTS.includes('delivery')) await benchDelivery(info)
  } finally {
    child.kill('SIGTERM')
  }
}
