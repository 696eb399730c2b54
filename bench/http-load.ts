// What the HTTP benches share: an autocannon run that refuses any failed answer, and the app
// process's CPU time beside it, read from the bench server's control route (`GET /cpu`, the
// process's user + system time in ms). CPU per request is the steadier figure on a shared
// machine: a run queue makes a request wait, not work more.
import autocannon from 'autocannon'

export interface LoadOptions {
  cookie: string
  connections: number
  seconds: number
  /** A JSON body to POST (same origin, as the browser sends it); a GET without it. */
  post?: unknown
}

export interface LoadResult {
  rps: number
  p50: number
  p99: number
  requests: number
}

export async function load(url: string, { cookie, connections, seconds, post }: LoadOptions) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    ...(post === undefined
      ? { headers: { cookie } }
      : {
          method: 'POST',
          body: JSON.stringify(post),
          headers: { cookie, origin: new URL(url).origin, 'content-type': 'application/json' },
        }),
  })
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
  } satisfies LoadResult
}

/** The bench server process's CPU time so far, in ms. */
export async function cpuMs(controlUrl: string): Promise<number> {
  return ((await (await fetch(`${controlUrl}/cpu`)).json()) as { ms: number }).ms
}

/** One load, with the server process's CPU time per request over it (ms). */
export async function loadWithCpu(controlUrl: string, url: string, options: LoadOptions) {
  const before = await cpuMs(controlUrl)
  const result = await load(url, options)
  return { ...result, cpuPerRequest: ((await cpuMs(controlUrl)) - before) / result.requests }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
