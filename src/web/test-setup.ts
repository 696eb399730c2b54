import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

// A screen's first test loads its lazy route chunks; on a busy machine that alone can pass the
// default 1 s of findBy/waitFor; the onboarding page's first test took 3.4 s with the machine at
// load 12 (a full run beside other work).
configure({ asyncUtilTimeout: 6000 })
// The same load takes a long walk (the wizard's step gates: 3.5 s alone) past vitest's 5 s per test.
vi.setConfig({ testTimeout: 15_000 })

// jsdom lacks the layout observers Radix measures with; nothing is laid out in jsdom anyway.
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoopResizeObserver
// React Router's scroll restoration calls it; jsdom only logs 'not implemented'.
window.scrollTo = () => {}
// Screens' tests count the calls they make: the shell's page views (issue #16) stay out of them, as
// for a visitor who sends Global Privacy Control. A test of page views turns it off.
Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { configurable: true, get: () => true })

afterEach(async () => {
  // A chunk a deferred component started loading (the bell's panel, once the page was idle) must
  // arrive before the environment goes, or its import fails after the test.
  const { deferredLoadsSettled } = await import('./lib/use-deferred-component.ts')
  await deferredLoadsSettled()
  cleanup()
  // Imported here, not at the top: a static import would load these modules before a test
  // file's vi.mock of their dependencies (browser-location) could apply.
  const { resetSessionExpiry } = await import('./lib/session-expiry.ts')
  const { dismissToast, getCurrentToast } = await import('./lib/toast-store.ts')
  const { takeStubMismatches } = await import('./testing/mock-api.ts')
  const toast = getCurrentToast()
  if (toast) dismissToast(toast.id)
  resetSessionExpiry()
  vi.clearAllMocks()
  vi.unstubAllGlobals()
  vi.useRealTimers()
  // A stub answered what its contract refuses; the screen may have swallowed the failed fetch.
  const [mismatch] = takeStubMismatches()
  if (mismatch) throw mismatch
})
