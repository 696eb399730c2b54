/**
 * Full page navigations (server redirects, payment providers). One function so tests can replace
 * it: jsdom cannot navigate.
 */
export function goToPage(url: string): void {
  window.location.assign(url)
}
