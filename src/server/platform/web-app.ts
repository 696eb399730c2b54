import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { GENERIC_MESSAGES } from '#shared/errors.ts'

/** route-preloads.json, written by the build (scripts/vite/route-preloads.ts). */
interface RoutePreload {
  path: string
  files: string[]
  signedIn: boolean
  /** The GET calls the page makes at once, and those it makes whatever the query says. */
  data?: string[]
  shellData?: string[]
}

interface PageRoute {
  pattern: RegExp
  html: string
  /** For a browser with a session cookie (null on public pages): the page with its data preloaded... */
  signedInHtml: string | null
  /** ...or, when the address has a query, with the data every signed-in page asks for. */
  signedInQueryHtml: string | null
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** '/clients/:id' → /^\/clients\/[^/]+\/?$/ */
function patternOf(routePath: string): RegExp {
  const source = routePath
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : escapeRegExp(part)))
    .join('/')
  return new RegExp(`^${source === '/' ? '' : source}/?$`)
}

/**
 * index.html once per route, with <link rel="modulepreload"> for the page's own chunks, so the
 * browser fetches them beside the entry instead of after it has run. Pages without a route (a
 * typo) get the plain index.html.
 */
export function pageHtml(webRoot: string): { plain: string; routes: PageRoute[] } {
  const plain = readFileSync(path.join(webRoot, 'index.html'), 'utf8')
  const preloadsFile = path.join(webRoot, 'route-preloads.json')
  const preloads: RoutePreload[] = existsSync(preloadsFile)
    ? JSON.parse(readFileSync(preloadsFile, 'utf8'))
    : []
  return {
    plain,
    routes: preloads.map((route) => {
      const links = route.files
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join('')
      const html = plain.replace('</head>', `${links}</head>`)
      return {
        pattern: patternOf(route.path),
        html,
        signedInHtml: route.signedIn ? withDataPreloads(html, route.data ?? []) : null,
        signedInQueryHtml: route.signedIn ? withDataPreloads(html, route.shellData ?? []) : null,
      }
    }),
  }
}

/**
 * A browser with a session cookie, asking for a signed-in page, fetches the page's first data
 * (its user first: every signed-in page waits for it) beside the scripts. The app's own fetch
 * (same URL, same credentials) takes the preloaded answer; without a cookie the app would only be
 * sent to sign in, so nothing is fetched early. A hint only: each answer still checks the session.
 */
function withDataPreloads(html: string, urls: readonly string[]): string {
  const links = urls
    .map((url) => `<link rel="preload" as="fetch" crossorigin href="${url.replaceAll('&', '&amp;')}">`)
    .join('')
  return html.replace('</head>', `${links}</head>`)
}

/**
 * The built SPA: hashed assets cached for a year and sent precompressed (brotli or gzip, as the
 * browser accepts; made at build time), every other page path answered with index.html, never
 * cached, with its page's chunks preloaded.
 */
export async function registerWeb(
  app: FastifyInstance,
  webRoot: string | null,
  sessionCookie: string,
): Promise<void> {
  const built = webRoot !== null && existsSync(path.join(webRoot, 'index.html'))
  // Read once, like the asset routes @fastify/static makes at start: a new build needs a restart.
  const pages = built ? pageHtml(webRoot) : null
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') {
      return reply.status(404).send({ message: GENERIC_MESSAGES.notFound })
    }
    if (!pages)
      return reply.status(404).type('text/plain').send('The web app is not built: run npm run build:web')
    const [pathname, search] = request.url.split('?')
    const page = pages.routes.find((route) => route.pattern.test(pathname!))
    // With a query (filters, a search) the page's own lists ask for other URLs.
    const html = !page
      ? pages.plain
      : !request.cookies[sessionCookie]
        ? page.html
        : ((search === undefined ? page.signedInHtml : page.signedInQueryHtml) ?? page.html)
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html)
  })
}
