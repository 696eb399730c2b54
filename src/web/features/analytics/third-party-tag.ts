// The third-party analytics tag (Google Analytics 4), loaded only when the server has a
// measurement id configured and the visitor has not refused tracking. The CSP allows its host only
// then (app.ts).

type Gtag = (...args: unknown[]) => void
const tagWindow = window as unknown as { dataLayer?: unknown[]; gtag?: Gtag }

export function loadTag(measurementId: string): void {
  tagWindow.dataLayer = tagWindow.dataLayer ?? []
  tagWindow.gtag = function gtag() {
    // biome-ignore lint/complexity/noArguments: gtag reads the arguments object itself
    tagWindow.dataLayer!.push(arguments)
  }
  tagWindow.gtag('js', new Date())
  // Page views are sent by hand (paths without query strings); no advertising signals.
  tagWindow.gtag('config', measurementId, { send_page_view: false, allow_google_signals: false })
  const script = document.createElement('script')
  script.async = true
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`
  document.head.append(script)
}

/** Spec §9: a page view waits up to 10 tries of 100 ms for the tracking function to exist. */
export function sendPageView(path: string, tries = 10): void {
  if (tagWindow.gtag) {
    tagWindow.gtag('event', 'page_view', { page_path: path })
    return
  }
  if (tries > 1) window.setTimeout(() => sendPageView(path, tries - 1), 100)
}
