import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { firstLoadFiles, type LoadedFile, MEASURED_PAGES } from '../../../scripts/vite/first-load.ts'
import { ROUTE_PRELOADS_FILE, type RoutePreload } from '../../../scripts/vite/route-preloads.ts'

/**
 * Issue #20: what index.html loads before any page (the entry chunk, the chunks it imports, and the
 * CSS) stays under 150 KB gzipped, and so does the whole first load of the pages the Lighthouse
 * bench measures (the shell's JavaScript and CSS and the page's own chunks). Every other page's
 * first load of JavaScript stays under the 200 KB the project allows. Read from
 * the build's manifest and route-preloads.json, so it is exact and the same on every machine; a
 * heavy library imported into the shell fails the first, one imported into a page the second.
 * `npm test` builds first.
 */
const SHELL_BUDGET_BYTES = 150 * 1024
const PAGE_BUDGET_BYTES = 200 * 1024
const WEB_ROOT = path.resolve('dist/web')

const sum = (files: LoadedFile[]) => files.reduce((total, file) => total + file.gzippedBytes, 0)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

function shellFiles(): LoadedFile[] {
  const files = firstLoadFiles(WEB_ROOT)
  expect(files, 'no build with a manifest: run npm run build:web first').not.toBeNull()
  return files!
}

describe('the first load', () => {
  it('is under 150 KB of gzipped JavaScript and CSS before any page', () => {
    const files = shellFiles()
    const breakdown = files.map((file) => `${kb(file.gzippedBytes)} ${file.file}`).join(', ')
    expect(files.some((file) => file.file.endsWith('.js'))).toBe(true)
    expect(sum(files), `first load ${kb(sum(files))} gzipped: ${breakdown}`).toBeLessThan(SHELL_BUDGET_BYTES)
  })

  it('is under 150 KB of gzipped JavaScript and CSS for the sign-in, dashboard, clients and applications pages', () => {
    const loads = MEASURED_PAGES.map((page) => {
      const files = firstLoadFiles(WEB_ROOT, page.path)
      expect(files, `no route ${page.path} in the build`).not.toBeNull()
      expect(files!.length, `no route ${page.path} in the build`).toBeGreaterThan(shellFiles().length)
      return { path: page.path, bytes: sum(files!) }
    })
    const over = loads
      .filter((load) => load.bytes >= SHELL_BUDGET_BYTES)
      .map((load) => `${load.path} ${kb(load.bytes)}`)
    expect(over, 'measured pages whose first load is 150 KB or more').toEqual([])
  })

  it('is under 200 KB of gzipped JavaScript for every page, with what the shell loads on every page', () => {
    const shell = sum(shellFiles().filter((file) => file.file.endsWith('.js')))
    const routes = JSON.parse(
      readFileSync(path.join(WEB_ROOT, ROUTE_PRELOADS_FILE), 'utf8'),
    ) as RoutePreload[]
    expect(routes.length).toBeGreaterThan(20)
    const sizeOf = (file: string) => gzipSync(readFileSync(path.join(WEB_ROOT, file)), { level: 9 }).length
    const over = routes
      .map((route) => ({ path: route.path, bytes: shell + route.files.reduce((t, f) => t + sizeOf(f), 0) }))
      .filter((route) => route.bytes >= PAGE_BUDGET_BYTES)
      .map((route) => `${route.path} ${kb(route.bytes)}`)
    expect(over, 'pages whose first load is 200 KB or more').toEqual([])
  })
})
