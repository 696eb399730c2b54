// Calls to a started server over real HTTP, as a browser behind the load balancer makes them.
import { expect } from 'vitest'
import type { CurrentUser } from '#shared/contracts/auth.contract.ts'
import { uniqueEmail } from './factories.ts'

export interface SendOptions {
  method?: string
  cookie?: string
  json?: unknown
  form?: FormData
}

/** Every call carries the public origin: mutations must come from it (PUBLIC_URL), whichever process answers. */
export function sendTo(
  base: string,
  origin: string,
  path: string,
  options: SendOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { origin }
  if (options.cookie) headers.cookie = options.cookie
  if (options.json !== undefined) headers['content-type'] = 'application/json'
  return fetch(`${base}${path}`, {
    method: options.method ?? (options.json !== undefined || options.form ? 'POST' : 'GET'),
    headers,
    body: options.json !== undefined ? JSON.stringify(options.json) : options.form,
    redirect: 'manual',
  })
}

export function sessionCookieFrom(response: Response): string {
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .find((pair) => pair.startsWith('sid='))
  if (!cookie) throw new Error(`No session cookie in the answer (${response.status})`)
  return cookie
}

export interface SignedUpOverHttp {
  email: string
  password: string
  cookie: string
  user: CurrentUser
}

export async function signUpOverHttp(base: string, origin: string): Promise<SignedUpOverHttp> {
  const email = uniqueEmail()
  const password = 'correct horse battery'
  const response = await sendTo(base, origin, '/api/auth/signup', {
    json: { firstName: 'Casey', lastName: 'Morgan', email, password, selectedPlan: 'free' },
  })
  expect(response.status, await response.clone().text()).toBe(201)
  const { user } = (await response.json()) as { user: CurrentUser }
  return { email, password, cookie: sessionCookieFrom(response), user }
}
