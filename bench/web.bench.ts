// npm run bench:web (or BENCH_ONLY=web npm run bench), issue #20: Lighthouse scores of the login
// page and the signed-in dashboard, clients and applications pages, mobile and desktop presets,
// median of 3 runs each, beside the gzipped first load of each page. BENCH_WEB_BASELINE=<git ref>
// measures that commit too, in the same run, for a before-and-after table. A benchmark: it prints.

import path from 'node:path'
import { firstLoadFiles, MEASURED_PAGES } from '../scripts/vite/first-load.ts'
import { type AppUnderTest, checkoutOf, startApp } from './web/app-under-test.ts'
import { launchChromium, type PageScore, type Preset, runLighthouse } from './web/lighthouse-run.ts'

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3)
const PAGES = MEASURED_PAGES
const PRESETS: Preset[] = ['mobile', 'desktop']
// BENCH_WEB_PAGES=dashboard,clients and BENCH_WEB_PRESETS=mobile narrow a run while iterating.
const only = (variable: string) => process.env[variable]?.split(',').filter(Boolean)
const pagesToRun = () => PAGES.filter((page) => only('BENCH_WEB_PAGES')?.includes(page.name) ?? true)
const presetsToRun = () => PRESETS.filter((preset) => only('BENCH_WEB_PRESETS')?.includes(preset) ?? true)
const TARGETS =
  'targets: mobile performance ≥ 90, desktop ≥ 98, accessibility 100, mobile LCP < 2.5 s, TBT < 200 ms'

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

function medianScore(runs: PageScore[]): PageScore {
  const of = (key: keyof PageScore) => median(runs.map((run) => run[key]))
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
  }
}

async function measure(app: AppUnderTest, chromePort: number) {
  const rows: string[] = []
  for (const preset of presetsToRun()) {
    for (const page of pagesToRun()) {
      const runs: PageScore[] = []
      for (let run = 0; run < RUNS; run++) {
        runs.push(
          await runLighthouse(
            chromePort,
            `${app.url}${page.path}`,
            preset,
            page.signedIn ? app.cookie : undefined,
          ),
        )
      }
      const score = medianScore(runs)
      const files = firstLoadFiles(path.join(app.root, 'dist/web'), page.path)
      const bytes = files ? files.reduce((sum, file) => sum + file.gzippedBytes, 0) : null
      rows.push(
        [
          app.label.padEnd(8),
          preset.padEnd(8),
          page.name.padEnd(13),
          String(score.performance).padStart(5),
          String(score.accessibility).padStart(5),
          `${(score.fcpMs / 1000).toFixed(1)} s`.padStart(7),
          `${(score.lcpMs / 1000).toFixed(1)} s`.padStart(7),
          `${score.tbtMs} ms`.padStart(8),
          (bytes === null ? '—' : `${(bytes / 1024).toFixed(1)} KB`).padStart(10),
        ].join(' '),
      )
    }
  }
  return rows
}

export async function benchWeb(): Promise<void> {
  console.log(`\nweb: Lighthouse 12, Debian chromium, median of ${RUNS} runs; ${TARGETS}`)
  console.log('  build    preset   page          perf  a11y     FCP     LCP      TBT first load')
  const chrome = await launchChromium()
  const baselineRef = process.env.BENCH_WEB_BASELINE
  const baseline = baselineRef ? checkoutOf(baselineRef) : null
  try {
    const versions: [string, string][] = [
      ...(baseline ? [[baselineRef!, baseline.root] as [string, string]] : []),
      ['current', process.cwd()],
    ]
    for (const [index, [label, root]] of versions.entries()) {
      const app = await startApp(
        label.slice(0, 8),
        root,
        5190 + index,
        process.env.BENCH_WEB_SKIP_BUILD !== 'true',
      )
      try {
        for (const row of await measure(app, chrome.port)) console.log(`  ${row}`)
      } finally {
        await app.stop()
      }
    }
  } finally {
    chrome.kill()
    baseline?.remove()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchWeb()
