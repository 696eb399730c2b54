import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'

export type Preset = 'mobile' | 'desktop'

export interface PageScore {
  performance: number
  accessibility: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
}

/** One Chromium (Debian's) for every run; Lighthouse opens a fresh tab per run. */
export async function launchChromium() {
  return chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  })
}

/**
 * One Lighthouse run of `url`: the mobile preset is Lighthouse's default (a mid-range phone on a
 * slow 4G, simulated), the desktop one its desktop config. The cookie signs the page in.
 */
export async function runLighthouse(
  port: number,
  url: string,
  preset: Preset,
  cookie?: string,
): Promise<PageScore> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    preset === 'desktop' ? desktopConfig : undefined,
  )
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  // BENCH_WEB_REPORTS=<folder> keeps each run's full report, to read its diagnostics.
  const reports = process.env.BENCH_WEB_REPORTS
  if (reports) {
    mkdirSync(reports, { recursive: true })
    const name = `${new URL(url).pathname.replaceAll('/', '_') || '_'}-${preset}-${Date.now()}.json`
    writeFileSync(path.join(reports, name), JSON.stringify(result.lhr))
  }
  const { categories, audits } = result.lhr
  const metric = (id: string) => Math.round(audits[id]?.numericValue ?? Number.NaN)
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
  }
}
