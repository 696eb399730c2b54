import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { currentUserCall } from '#shared/contracts/auth.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'

/** route-preloads.json, written by the build (scripts/vite/route-preloads.ts). */
interface RoutePreload {
  path: string
  files: string[]
  signedIn: boolean
}

interface PageRoute {
  pattern: RegExp
  html: string
  signedIn: boolean
}

const USER_PATH = currentUserCall.path

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
      return {
        pattern: patternOf(route.path),
        html: plain.replace('</head>', `${links}</head>`),
        signedIn: route.signedIn,
      }
    }),
  }
}

/**
 * A browser with a session cookie, asking for a signed-in page, fetches its user beside the
 * scripts: the app asks for it first, and every signed-in page waits for it. The app's own fetch (same URL, same credentials) takes
 * the preloaded answer; without a cookie the app would only be sent to sign in, so nothing is
 * fetched early. A hint only: the answer is still the session check of /api/auth/user.
 */
function withUserPreload(html: string): string {
  return html.replace('</head>', `<link rel="preload" as="fetch" crossorigin href="${USER_PATH}"></head>`)
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
    const pathname = request.url.split('?')[0]!
    const page = pages.routes.find((route) => route.pattern.test(pathname))
    const html = !page
      ? pages.plain
      : page.signedIn && request.cookies[sessionCookie]
        ? withUserPreload(page.html)
        : page.html
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html)
  })
}
