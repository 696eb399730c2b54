// Latency of the clients search with 100,000 clients in one agency: p50 and p99, alone (one
// connection: the query's own time) and under load (10 connections).
import autocannon from 'autocannon'
import { startBenchChild } from './child.ts'

interface SearchServer {
  url: string
  cookie: string
  clients: number
  database: string
  plan: string[]
}

export async function benchClientSearch(): Promise<void> {
  const { child, info } = await startBenchChild<SearchServer>('bench/clients-search-server.ts')
  try {
    console.log(
      `\nclient search: ${info.clients.toLocaleString('en-US')} clients in one agency, ${info.database}`,
    )
    console.log(
      `  plan: ${info.plan
        .filter((line) => /Scan|Index/.test(line))
        .map((l) => l.trim())
        .join(' | ')}`,
    )
    // 'smi' matches ~11% of rows (walks the recency index); 'client4242' matches a handful (trigram index).
    for (const [q, connections] of [
      ['smi', 1],
      ['smi', 10],
      ['client4242', 1],
      ['client4242', 10],
    ] as const) {
      const result = await autocannon({
        url: `${info.url}/api/clients?q=${q}&limit=50`,
        connections,
        duration: Number(process.env.BENCH_SECONDS ?? 5),
        headers: { cookie: info.cookie },
      })
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`search: ${result.non2xx} non-2xx, ${result.errors} errors`)
      const verdict = result.latency.p99 < 30 ? 'meets' : 'ABOVE'
      console.log(
        `  GET /api/clients?q=${q.padEnd(10)}&limit=50  ${String(connections).padStart(2)} conn  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms (${verdict} target p99 < 30 ms)  ${result.requests.average.toFixed(0)} req/s`,
      )
    }
  } finally {
    child.kill('SIGTERM')
  }
}
