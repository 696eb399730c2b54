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
  }).catch((error: unknown) => console.warn('page view not recorded', error))
  sendToTag(path)
}

type Gtag = (...args: unknown[]) => void
const tagWindow = window as unknown as { dataLayer?: unknown[]; gtag?: Gtag }
let tagRequested = false

/** Loads the third-party tag once, only when the server has a measurement id configured. */
export async function loadThirdPartyTag(): Promise<void> {
  if (tagRequested || trackingRefused()) return
  tagRequested = true
  try {
    const response = await fetch(MEASUREMENT_ID_PATH, { credentials: 'same-origin' })
    const { measurementId } = (await response.json()) as { measurementId: string | null }
    if (!measurementId) return
    tagWindow.dataLayer = tagWindow.dataLayer ?? []
    tagWindow.gtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag reads the arguments object itself
      tagWindow.dataLayer!.push(arguments)
    }
    tagWindow.gtag('js', new Date())
    // Page views are sent by hand (paths without query strings), and no advertising signals.
    tagWindow.gtag('config', measurementId, { send_page_view: false, allow_google_signals: false })
    const script = document.createElement('script')
    script.async = true
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`
    document.head.append(script)
  } catch (error) {
    console.warn('analytics tag not loaded', error)
  }
}

/** Spec §9: a page view waits up to 10 tries of 100 ms for the tracking function to exist. */
function sendToTag(path: string, tries = 10): void {
  if (!tagRequested) return
  if (tagWindow.gtag) {
    tagWindow.gtag('event', 'page_view', { page_path: path })
    return
  }
  if (tries > 1) window.setTimeout(() => sendToTag(path, tries - 1), 100)
}
