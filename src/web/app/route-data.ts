/**
 * The GET calls a signed-in page makes as soon as it renders, as the page's queries build their
 * URLs with no filter in the address. The server names them in that page's <head> (preload as
 * fetch) for a browser with a session cookie, so the answers travel beside the scripts instead
 * of after them; the app's own fetch of the same URL takes the preloaded answer. The page tests
 * check that each page still asks for exactly these. No imports: the build reads this file.
 */
const SHELL_DATA = ['/api/auth/user', '/api/notifications/unread-count']

export const ROUTE_DATA: Readonly<Record<string, readonly string[]>> = {
  '/': [...SHELL_DATA, '/api/dashboard/stats', '/api/applications?limit=5', '/api/dashboard/top-carriers'],
  '/applications': [...SHELL_DATA, '/api/applications/summary', '/api/applications?limit=20'],
  '/clients': [...SHELL_DATA, '/api/clients/summary', '/api/clients?limit=24'],
}

/** What every other signed-in page fetches first: its user and the bell's count. */
export const SIGNED_IN_DATA: readonly string[] = SHELL_DATA
