// Paired A/B on PostgreSQL: the same bench server started from several checkouts (BENCH_SIDES,
// `label=path,…`; by default the worktree at the commit before a change, and this one), each on a
// database of its own seeded the same way, loaded in rotating rounds (A,B then B,A) so a busy
// moment of the shared machine lands on each. Per request: the Node process's CPU, the database
// backends' CPU and requests per second, medians over the rounds, and the machine's load average.
//   BENCH_PAIRED=applications|marketplace BENCH_ROUNDS=5 BENCH_SECONDS=5 tsx bench/paired.ts
//   (BENCH_PROBES=auth/user,reviews: only the probes whose names contain one of these)
import { loadavg } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { median } from './http-load.ts'
import { voteRequests } from './marketplace.bench.ts'
import { postgresNs, type Side, startSide } from './paired-side.ts'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const SIDES = (
  process.env.BENCH_SIDES ?? `before=/work/wt-before,after=${path.resolve(import.meta.dirname, '..')}`
)
  .split(',')
  .map((pair) => pair.split('=') as [string, string])

interface Info {
  appUrl?: string
  url?: string
  cookie: string
  carrierId?: string
  reviewIds?: string[]
}

interface Probe {
  name: string
  connections: number
  options(side: Side<Info>): autocannon.Options
}

const base = (side: Side<Info>) => side.info.appUrl ?? side.info.url!
const get = (name: string, route: (info: Info) => string, connections: number): Probe => ({
  name: `GET ${name} ${connections} conn`,
  connections,
  options: (side) => ({ url: base(side) + route(side.info), headers: { cookie: side.info.cookie } }),
})

/** Each side keeps its own vote generator, so every round goes on changing votes. */
const voters = new Map<Side<Info>, autocannon.Options['requests']>()
const vote: Probe = {
  name: 'POST marketplace vote 1 conn',
  connections: 1,
  options(side) {
    if (!voters.has(side))
      voters.set(side, voteRequests({ ...side.info, url: base(side), reviewIds: side.info.reviewIds! }))
    return { url: base(side), requests: voters.get(side) }
  },
}

const scenarios: Record<string, { script: string; probes: Probe[] }> = {
  applications: {
    script: 'bench/applications-server.ts',
    probes: [1, 50].flatMap((n) => [
      get('/api/applications?limit=50', () => '/api/applications?limit=50', n),
      get('/api/dashboard/stats', () => '/api/dashboard/stats', n),
    ]),
  },
  marketplace: {
    script: 'bench/marketplace-server.ts',
    probes: [
      ...[1, 50].flatMap((n) =>
        ['reviews', 'best-practices', 'posts'].map((kind) =>
          get(
            `/api/marketplace/${kind}?carrierId=…`,
            (i) => `/api/marketplace/${kind}?carrierId=${i.carrierId}`,
            n,
          ),
        ),
      ),
      get(
        '/api/marketplace/posts?search=underwriting',
        () => '/api/marketplace/posts?search=underwriting',
        1,
      ),
      vote,
      get('/api/auth/user', () => '/api/auth/user', 1),
    ],
  },
}

interface Sample {
  nodeMs: number
  pgMs: number
  rps: number
  /** Answered 503 by admission control (decision 023) when the machine is too busy: not counted. */
  shed: number
}

async function measure(side: Side<Info>, probe: Probe, seconds: number): Promise<Sample> {
  const before = await side.cpu()
  const result = await autocannon({
    ...probe.options(side),
    connections: probe.connections,
    duration: seconds,
  })
  const after = await side.cpu()
  const ok = result['2xx']
  const shed = result.statusCodeStats?.['503']?.count ?? 0
  if (result.errors > 0 || shed !== result.non2xx || ok === 0)
    throw new Error(`${side.label} ${probe.name}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return {
    nodeMs: (after.node - before.node) / 1e6 / ok,
    pgMs: postgresNs(before.postgres, after.postgres) / 1e6 / ok,
    rps: (result.requests.average * ok) / result.requests.total,
    shed,
  }
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')

type Samples = Map<Probe, Map<string, Sample[]>>

async function main() {
  const chosen = scenarios[process.env.BENCH_PAIRED ?? 'applications']
  if (!chosen) throw new Error(`BENCH_PAIRED: one of ${Object.keys(scenarios).join(', ')}`)
  // BENCH_PROBES=a,b: only the probes whose names contain one of these.
  const only = process.env.BENCH_PROBES?.split(',')
  const scenario = {
    ...chosen,
    probes: chosen.probes.filter((p) => !only || only.some((o) => p.name.includes(o))),
  }
  console.log(
    `paired ${scenario.script}: ${SIDES.map(([l, p]) => `${l} ${p}`).join(', ')}; load average ${load()}`,
  )
  const sides: Side<Info>[] = []
  try {
    for (const [label, root] of SIDES)
      sides.push(await startSide<Info>(label, root, scenario.script, `perf_${label}`))
    for (const probe of scenario.probes) for (const side of sides) await measure(side, probe, 1)
    const samples: Samples = new Map(
      scenario.probes.map((p) => [p, new Map(sides.map((s) => [s.label, []]))]),
    )
    for (let round = 0; round < ROUNDS; round++) {
      const order = [...sides.slice(round % sides.length), ...sides.slice(0, round % sides.length)]
      for (const probe of scenario.probes)
        for (const side of order)
          samples
            .get(probe)!
            .get(side.label)!
            .push(await measure(side, probe, SECONDS))
      console.log(`  round ${round + 1}/${ROUNDS} done; load average ${load()}`)
    }
    report(samples)
  } finally {
    for (const side of sides) await side.stop()
  }
  console.log(`load average at the end ${load()}`)
}

const of = (samples: Sample[], pick: (s: Sample) => number) => median(samples.map(pick))

function report(samples: Samples) {
  const labels = SIDES.map(([label]) => label)
  console.log(`\nmedians of ${ROUNDS} rounds of ${SECONDS} s; ratios to ${labels[0]}`)
  console.log(`| probe | figure | ${labels.join(' | ')} |\n|---|---|${labels.map(() => '---|').join('')}`)
  const figures: [string, (s: Sample) => number, number][] = [
    ['Node CPU ms/req', (s) => s.nodeMs, 2],
    ['PG CPU ms/req', (s) => s.pgMs, 2],
    ['req/s', (s) => s.rps, 0],
  ]
  for (const [probe, bySide] of samples) {
    for (const [figure, pick, digits] of figures) {
      const first = of(bySide.get(labels[0]!)!, pick)
      const cells = labels.map((label, i) => {
        const value = of(bySide.get(label)!, pick)
        return i === 0 ? value.toFixed(digits) : `${value.toFixed(digits)} (×${(value / first).toFixed(2)})`
      })
      console.log(`| ${probe.name} | ${figure} | ${cells.join(' | ')} |`)
    }
    const rounds = labels.map((l) =>
      bySide
        .get(l)!
        .map((s) => (s.nodeMs + s.pgMs).toFixed(1))
        .join(' '),
    )
    console.log(`| ${probe.name} | CPU ms/req per round | ${rounds.join(' | ')} |`)
    const shed = labels.map((l) => bySide.get(l)!.reduce((sum, s) => sum + s.shed, 0))
    if (shed.some((n) => n > 0)) console.log(`| ${probe.name} | shed (503) | ${shed.join(' | ')} |`)
  }
  const user = [...samples.keys()].find((p) => p.name.startsWith('GET /api/auth/user'))
  if (!samples.has(vote) || !user) return
  for (const label of labels) {
    const v = samples.get(vote)!.get(label)!
    const u = samples.get(user)!.get(label)!
    const wall = of(u, (s) => s.rps) / of(v, (s) => s.rps)
    const cpu = of(v, (s) => s.nodeMs + s.pgMs) / of(u, (s) => s.nodeMs + s.pgMs)
    console.log(
      `vote vs auth/user, ${label}: time per request ×${wall.toFixed(2)}, CPU (Node + PG) ×${cpu.toFixed(2)}`,
    )
  }
}

await main()
