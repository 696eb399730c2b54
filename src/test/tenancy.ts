import { expect } from 'vitest'
import type { TestApp } from './build-test-app.ts'
import { type SignedInUser, signUp } from './factories.ts'

/**
 * One route that takes an id: `create` makes a row as agency A and answers its id; the route is
 * then called as agency B with that id. Each feature adds its routes to its tenancy test.
 */
export interface TenantRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  url: (id: string) => string
  payload?: Record<string, unknown>
  /** A body that is not JSON (a multipart upload), made afresh for each call. */
  body?: () => { payload: Buffer; headers: Record<string, string> }
  create: (test: TestApp, owner: SignedInUser) => Promise<string>
}

/** Proves that another agency's id answers 404, exactly like a missing one, and changes nothing. */
export async function expectOtherAgencyGets404(test: TestApp, routes: TenantRoute[]): Promise<void> {
  const owner = await signUp(test)
  const other = await signUp(test)
  for (const route of routes) {
    const id = await route.create(test, owner)
    const response = await test.request({
      method: route.method,
      url: route.url(id),
      cookie: other.cookie,
      ...(route.payload ? { payload: route.payload } : {}),
      ...route.body?.(),
    })
    expect(response.statusCode, `${route.method} ${route.url(id)} as another agency`).toBe(404)
    expect(response.json()).toEqual({ message: 'Not found' })
  }
}
