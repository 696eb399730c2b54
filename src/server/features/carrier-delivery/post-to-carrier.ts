import http from 'node:http'
import https from 'node:https'
import { DELIVERY_HEADERS, nowSeconds, sign } from './signing.service.ts'
import { type AllowList, guardedLookup } from './ssrf.service.ts'

export interface CarrierAnswer {
  status: number
  /** The answer's JSON, or null when it was not JSON. */
  json: Record<string, unknown> | null
}

/** The request never got an HTTP answer: refused, reset, timed out, or a private address. */
export class CarrierUnreachableError extends Error {}

const MAX_ANSWER_BYTES = 64 * 1024

/**
 * POSTs one submission to a carrier's endpoint: JSON body signed with the connection's secret,
 * with the submission's idempotency key so that a retry (or a redelivery after a crash) is the same
 * submission to the carrier. Connects only to addresses the SSRF guard allows; gives up after
 * timeoutMs in total.
 */
export function postToCarrier(options: {
  endpoint: string
  secret: string
  body: unknown
  idempotencyKey: string
  timeoutMs: number
  allowList: AllowList
}): Promise<CarrierAnswer> {
  const url = new URL(options.endpoint)
  const raw = JSON.stringify(options.body)
  const timestamp = nowSeconds()
  const transport = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(raw),
          'user-agent': 'agency-back-office/1 (carrier delivery)',
          [DELIVERY_HEADERS.timestamp]: String(timestamp),
          [DELIVERY_HEADERS.signature]: sign(options.secret, timestamp, raw),
          [DELIVERY_HEADERS.idempotencyKey]: options.idempotencyKey,
        },
        lookup: guardedLookup(url, options.allowList) as never,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = []
        let size = 0
        response.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size <= MAX_ANSWER_BYTES) chunks.push(chunk)
        })
        response.on('end', () => {
          clearTimeout(timer)
          let json: Record<string, unknown> | null = null
          try {
            const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'))
            if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
              json = parsed as Record<string, unknown>
          } catch {
            json = null
          }
          resolve({ status: response.statusCode ?? 0, json })
        })
        response.on('error', (error) => fail(error))
      },
    )
    const fail = (error: Error & { code?: string }) => {
      clearTimeout(timer)
      request.destroy()
      const reason =
        error.code === 'EPRIVATEADDRESS'
          ? error.message
          : error.code === 'ETIMEDOUT_TOTAL'
            ? `No answer within ${Math.round(options.timeoutMs / 1000)} s`
            : `Could not reach the carrier (${error.code ?? error.message})`
      reject(new CarrierUnreachableError(reason))
    }
    const timer = setTimeout(
      () => fail(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT_TOTAL' })),
      options.timeoutMs,
    )
    request.on('error', fail)
    request.end(raw)
  })
}
