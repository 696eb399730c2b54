import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'

const require = createRequire(import.meta.url)
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

/** Messages Chromium logged for each page about a refused script, style or image (CSP). */
const cspViolations = new WeakMap<Page, string[]>()

export const DESKTOP = { width: 1280, height: 800 } as const
export const MOBILE = { width: 390, height: 844 } as const

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
}

/**
 * One Chromium for the spec file: launched before its first test, closed after its last. Answers a
 * getter, since the browser exists only once the tests run.
 */
export function launchBrowserForFile(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error('The browser is launched in beforeAll; use it inside a test')
    return browser
  }
}

export function baseUrl(): string {
  return inject('baseUrl')
}

/** A fresh context (its own cookies) and page against the started server. */
export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  // The real Content-Security-Policy applies: the journeys prove the built app works under it.
  const context = await browser.newContext({ baseURL: baseUrl(), viewport })
  const page = await context.newPage()
  const violations: string[] = []
  cspViolations.set(page, violations)
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text())
  })
  return { context, page }
}

/**
 * Waits for the page's running CSS transitions and finite animations to end, so axe measures the
 * colours a person sees, not a button caught halfway between two (a pressed toggle fading to
 * violet once read as white on near-white). Endless ones (spinners) are left running.
 */
async function finishTransitions(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().iterations ?? 1))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: unknown[] }[]
}

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation, or on
 * anything the Content-Security-Policy refused so far. axe is evaluated through the DevTools
 * protocol, which the page's CSP does not govern, so the app's own policy stays in force.
 */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const refused = cspViolations.get(page) ?? []
  if (refused.length > 0) throw new Error(`CSP refused on ${page.url()}:\n${refused.join('\n')}`)
  await finishTransitions(page)
  await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> } }
    ).axe
    const results = await axe.run(document)
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((node) => ({ target: node.target })),
    }))
  })
  const serious = violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  )
  if (serious.length === 0) return
  const lines = serious.map(
    (violation) =>
      `- [${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes
        .map((node) => JSON.stringify(node.target))
        .join(', ')})`,
  )
  throw new Error(
    `axe found ${serious.length} serious/critical violation(s) on ${page.url()}:\n${lines.join('\n')}`,
  )
}
