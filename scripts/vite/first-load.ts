import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { ROUTE_PRELOADS_FILE, type RoutePreload } from './route-preloads.ts'

interface ManifestEntry {
  file: string
  imports?: string[]
  css?: string[]
}

/**
 * The pages issue #20 measures (the Lighthouse bench, bench/web.bench.ts) and holds to the 150 KB
 * first load (src/web/app/first-load-budget.test.ts).
 */
export const MEASURED_PAGES = [
  { name: 'login', path: '/login', signedIn: false },
  { name: 'dashboard', path: '/', signedIn: true },
  { name: 'clients', path: '/clients', signedIn: true },
  { name: 'applications', path: '/applications', signedIn: true },
] as const

export interface LoadedFile {
  file: string
  gzippedBytes: number
}

/**
 * What a first visit loads, read from a build's manifest (`build.manifest`): the entry with the
 * chunks it imports and its CSS, and, given a route's path ('/clients'), the page's own chunks as
 * route-preloads.json lists them (a page's module may share a chunk with others, so the manifest
 * alone cannot name them). Each file's size gzipped at level 9. Null for a build without a manifest
 * or without that route. Used by the first-load budget test and the Lighthouse bench.
 */
export function firstLoadFiles(webRoot: string, pagePath?: string): LoadedFile[] | null {
  const manifestFile = path.join(webRoot, '.vite/manifest.json')
  if (!existsSync(manifestFile)) return null
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestEntry>
  const files = new Set<string>()
  const visit = (key: string) => {
    const entry = manifest[key]
    if (!entry || files.has(entry.file)) return
    files.add(entry.file)
    for (const css of entry.css ?? []) files.add(css)
    for (const imported of entry.imports ?? []) visit(imported)
  }
  visit('index.html')
  if (pagePath !== undefined) {
    const routes = JSON.parse(readFileSync(path.join(webRoot, ROUTE_PRELOADS_FILE), 'utf8')) as RoutePreload[]
    const route = routes.find((each) => each.path === pagePath)
    if (!route) return null
    for (const file of route.files) files.add(file)
  }
  return [...files].map((file) => ({
    file,
    gzippedBytes: gzipSync(readFileSync(path.join(webRoot, file)), { level: 9 }).length,
  }))
}
