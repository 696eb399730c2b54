import { waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApplicationsApi } from '#web/features/applications/applications.test-support.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { ROUTE_DATA } from './route-data.ts'

/**
 * The server preloads ROUTE_DATA's URLs for a signed-in page: a preload the page does not ask for
 * with exactly that URL is fetched twice. Each page must still ask for each of them.
 */
describe('the data a page preloads', () => {
  for (const [path, urls] of Object.entries(ROUTE_DATA)) {
    it(`is what ${path} asks for first`, async () => {
      const fetchMock = mockApplicationsApi()
      renderApp(path)
      await waitFor(() => {
        const requested = fetchMock.mock.calls.map(([url]) => String(url))
        expect(requested).toEqual(expect.arrayContaining([...urls]))
      })
    })
  }
})
