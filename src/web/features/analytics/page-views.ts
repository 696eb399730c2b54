// First-party page views (spec part 3 §9, issue #16). Plain fetch, no contract import: this runs in
// the shell on every page, and the shell's first load carries no schema (decision 009). The body
// is analytics.contract.ts' PageViewInput; the server validates it.

const PAGE_VIEWS_PATH = '/api/analytics/page-views'
const MEASUREMENT_ID_PATH = '/api/analytics/measurement-id'
/** Spec §9: a width up to 768 px is mobile (MOBILE_MAX_WIDTH in the contract). */
const MOBILE_MAX_WIDTH = 768
const MOBILE_AGENT = /Mobi|Android|iPhone|iPad|iPod/i

interface PrivacySignals {
  doNotTrack?: string | null
  globalPrivacyControl?: boolean
}

/** Do-Not-Track or Global Privacy Control: the visitor asked not to be tracked. */
export function trackingRefused(nav: Navigator & PrivacySignals = navigator): boolean {
  const windowDnt = (globalThis as { doNotTrack?: string }).doNotTrack
  return nav.globalPrivacyControl === true || nav.doNotTrack === '1' || windowDnt === '1'
}

/** Spec §9: mobile by user agent, touch support, or a width up to 768 px. */
export function deviceClass(): 'mobile' | 'desktop' {
  const touch = 'ontouchstart' in window || navigator.maxTouchPoints > 0
  const narrow = window.innerWidth <= MOBILE_MAX_WIDTH
  return MOBILE_AGENT.test(navigator.userAgent) || touch || narrow ? 'mobile' : 'desktop'
}

/** Records one view of `pathname` (never the query string); failures only reach the console (§8). */
export function recordPageView(pathname: string): void {
  if (trackingRefused()) return
  const path = pathname.split(/[?#]/, 1)[0] || '/'
  fetch(PAGE_VIEWS_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ path, device: deviceClass() }),
  })
    // Read to the end: an answer whose body nobody reads stays open in the browser's network log.
    .then((response) => response.text())
    .catch((error: unknown) => console.warn('page view not recorded', error))
  tag?.sendPageView(path)
}

let tag: typeof import('./third-party-tag.ts') | undefined
let tagRequested = false

/**
 * Asks once whether a measurement id is configured; only then is the third-party tag's loader
 * (its own chunk) fetched and the tag loaded.
 */
export async function loadThirdPartyTag(): Promise<void> {
  if (tagRequested || trackingRefused()) return
  tagRequested = true
  try {
    const response = await fetch(MEASUREMENT_ID_PATH, { credentials: 'same-origin' })
    const { measurementId } = (await response.json()) as { measurementId: string | null }
    if (!measurementId) return
    tag = await import('./third-party-tag.ts')
    tag.loadTag(measurementId)
  } catch (error) {
    console.warn('analytics tag not loaded', error)
  }
}
