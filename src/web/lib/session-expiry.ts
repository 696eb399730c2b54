import { AUTH_MESSAGES, AUTH_PAGES } from '#shared/contracts/auth-texts.ts'
import { goToPage } from '#web/lib/browser-location.ts'
import { isApiError } from './api.ts'
import { showToast } from './toast-store.ts'

const REDIRECT_DELAY_MS = 500
let redirecting = false

/**
 * A 401 on any call but the initial current-user check means the session ended while the user
 * worked: say so once, then send the browser through the server's login redirect (spec part 1 §8).
 */
export function handleSessionExpiry(error: unknown): void {
  if (!isApiError(error, 401) || redirecting) return
  redirecting = true
  showToast({
    title: AUTH_MESSAGES.sessionExpiredTitle,
    description: AUTH_MESSAGES.sessionExpired,
    variant: 'destructive',
  })
  window.setTimeout(() => goToPage(AUTH_PAGES.login), REDIRECT_DELAY_MS)
}

/** Tests start each case signed in again. */
export function resetSessionExpiry(): void {
  redirecting = false
}
