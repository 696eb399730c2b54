/** Spec part 1 §2: paths where a Google result in the query string is left to the page itself. */
const PAGES_THAT_HANDLE_GOOGLE = new Set(['/setup-payment', '/signup', '/login', '/subscription'])

export interface GoogleAccount {
  name: string
  email: string
  picture: string | null
  verified: boolean
}

export const GOOGLE_ACCOUNT_DEFAULTS = { name: 'Google User', email: 'No email provided' } as const

/** The account to show on the 'Google Authentication Successful' screen, or null when not shown. */
export function readGoogleSuccess(pathname: string, search: string): GoogleAccount | null {
  const params = new URLSearchParams(search)
  if (params.get('auth') !== 'success' || params.get('provider') !== 'google') return null
  if (PAGES_THAT_HANDLE_GOOGLE.has(pathname.replace(/\/+$/, '') || '/')) return null
  return {
    name: params.get('name')?.trim() || GOOGLE_ACCOUNT_DEFAULTS.name,
    email: params.get('email')?.trim() || GOOGLE_ACCOUNT_DEFAULTS.email,
    picture: readPictureUrl(params.get('picture')),
    verified: params.get('verified') === 'true',
  }
}

/** Only web addresses: a query parameter must not turn into any other kind of URL. */
function readPictureUrl(value: string | null): string | null {
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}
