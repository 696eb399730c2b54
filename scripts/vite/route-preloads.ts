import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { OutputBundle, OutputChunk } from 'rollup'
import type { Plugin } from 'vite'
import { ROUTE_DATA, SIGNED_IN_DATA } from '../../src/web/app/route-data.ts'

/** The file the server reads to preload the chunks of the page asked for (platform/web-app.ts). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json'

export interface RoutePreload {
  /** '/', '/clients/:id' */
  path: string
  /** The page's chunk and the chunks it imports that the entry does not: what to modulepreload. */
  files: string[]
  /** Outside PUBLIC_ROUTES: the page waits for the signed-in user (its answer can be preloaded). */
  signedIn: boolean
  /** For a signed-in page: the GET calls it makes at once (src/web/app/route-data.ts)... */
  data: readonly string[]
  /** ...and those it makes whatever its address's query (filters, a search) says. */
  shellData: readonly string[]
}

/**
 * Reads the route table in page-routes.tsx: each `pages` loader's import and each route's path.
 * The format is checked by route-table.test.tsx, which compares this with the routes themselves.
 */
export function extractRouteModules(source: string): { path: string; module: string; signedIn: boolean }[] {
  const modules = new Map<string, string>()
  for (const [, key, module] of source.matchAll(/(\w+): \(\) =>\s*import\('([^']+)'\)/g)) {
    modules.set(key!, module!)
  }
  const publicStart = source.indexOf('export const PUBLIC_ROUTES')
  if (publicStart < 0) throw new Error('page-routes.tsx: no PUBLIC_ROUTES')
  const publicEnd = source.indexOf('\n]', publicStart)
  const routes: { path: string; module: string; signedIn: boolean }[] = []
  for (const match of source.matchAll(
    /\{ (?:(index: true)|path: '([^']+)'), element: lazyPage\(pages\.(\w+)\) \}/g,
  )) {
    const [, index, routePath, key] = match
    const module = modules.get(key!)
    if (!module) throw new Error(`page-routes.tsx: no loader for pages.${key}`)
    const signedIn = match.index < publicStart || match.index > publicEnd
    routes.push({ path: index ? '/' : `/${routePath}`, module, signedIn })
  }
  return routes
}

function staticClosure(bundle: OutputBundle, fileName: string, into: Set<string>): Set<string> {
  const chunk = bundle[fileName]
  if (chunk?.type !== 'chunk' || into.has(fileName)) return into
  into.add(fileName)
  for (const imported of chunk.imports) staticClosure(bundle, imported, into)
  return into
}

/**
 * Writes route-preloads.json: for every route of page-routes.tsx, the chunks its page needs beyond
 * the entry's, so the server can name them in the page's <head> and the browser fetches them beside
 * the entry instead of after it.
 */
export function routePreloads(routesFile: string): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk')
      const entry = chunks.find((chunk) => chunk.isEntry)
      if (!entry) throw new Error('route-preloads: the build has no entry chunk')
      const shell = staticClosure(bundle, entry.fileName, new Set())
      const source = await readFile(routesFile, 'utf8')
      const preloads: RoutePreload[] = []
      for (const route of extractRouteModules(source)) {
        const resolved = await this.resolve(route.module, routesFile)
        // Rollup may put a page and a module it imports lazily in one chunk (when everything the
        // lazy module needs is on the page already); that chunk then has no single facade.
        const page =
          chunks.find((chunk) => chunk.facadeModuleId === resolved?.id) ??
          chunks.find((chunk) => chunk.isDynamicEntry && chunk.moduleIds.includes(resolved?.id ?? ''))
        if (!page) throw new Error(`route-preloads: no chunk for ${route.module} (${route.path})`)
        const pageFiles = staticClosure(bundle, page.fileName, new Set())
        const files = [...pageFiles].filter((file) => !shell.has(file))
        const data = route.signedIn ? (ROUTE_DATA[route.path] ?? SIGNED_IN_DATA) : []
        const shellData = route.signedIn ? SIGNED_IN_DATA : []
        preloads.push({ path: route.path, files, signedIn: route.signedIn, data, shellData })
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify(preloads, null, 1),
      })
    },
  }
}

export const PAGE_ROUTES_FILE = path.resolve('src/web/app/page-routes.tsx')
