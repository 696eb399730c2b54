import { createRequire } from 'node:module'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { inject } from 'vitest'

const require = createRequire(import.meta.url)
const AXE_SOURCE_PATH = require.resolve('axe-core/axe.min.js')

export const DESKTOP = { width: 1280, height: 800 } as const
export const MOBILE = { width: 390, height: 844 } as const

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
}

export function baseUrl(): string {
  return inject('baseUrl')
}

/** A fresh context (its own cookies) and page against the started server. */
export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  // The app's CSP allows only its own scripts; bypassing it lets the test inject axe-core.
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, bypassCSP: true })
  const page = await context.newPage()
  return { context, page }
}

interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: unknown[] }[]
}

/** Runs axe-core on the page as it is now and fails on any serious or critical violation. */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  await page.addScriptTag({ path: AXE_SOURCE_PATH })
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
