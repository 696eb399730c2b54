import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeDocument } from '#server/features/documents/documents.service.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { signUp } from '#test/factories.ts'

/** A built web app as the build writes it: an asset with its .br and .gz, and the route preloads. */
function fakeBuild(): { root: string; asset: Buffer } {
  const root = mkdtempSync(path.join(tmpdir(), 'web-build-'))
  mkdirSync(path.join(root, 'assets'))
  const asset = Buffer.from(
    `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row ${i}`))}\n`,
  )
  writeFileSync(path.join(root, 'assets', 'index-abc123.js'), asset)
  writeFileSync(path.join(root, 'assets', 'index-abc123.js.br'), brotliCompressSync(asset))
  writeFileSync(path.join(root, 'assets', 'index-abc123.js.gz'), gzipSync(asset))
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body></body></html>',
  )
  writeFileSync(
    path.join(root, 'route-preloads.json'),
    JSON.stringify([
      {
        path: '/',
        files: ['assets/dashboard-1.js'],
        signedIn: true,
        data: ['/api/auth/user', '/api/applications?limit=5&status=new'],
        shellData: ['/api/auth/user'],
      },
      {
        path: '/clients/:id',
        files: ['assets/client-details-2.js', 'assets/clients.contract-3.js'],
        signedIn: true,
        data: ['/api/auth/user'],
        shellData: ['/api/auth/user'],
      },
      { path: '/login', files: ['assets/login-4.js'], signedIn: false },
    ]),
  )
  return { root, asset }
}

let test: TestApp
let asset: Buffer

beforeAll(async () => {
  const build = fakeBuild()
  asset = build.asset
  test = await buildTestApp({ deps: { webRoot: build.root } })
})
afterAll(() => test.close())

const get = (url: string, acceptEncoding?: string, cookie?: string) =>
  test.request({
    method: 'GET',
    url,
    cookie,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  })

describe('static assets', () => {
  it('sends brotli, gzip or the raw file as the browser accepts, the same bytes once decoded', async () => {
    const br = await get('/assets/index-abc123.js', 'br')
    const gz = await get('/assets/index-abc123.js', 'gzip')
    const raw = await get('/assets/index-abc123.js', '')
    expect([
      br.headers['content-encoding'],
      gz.headers['content-encoding'],
      raw.headers['content-encoding'],
    ]).toEqual(['br', 'gzip', undefined])
    expect(brotliDecompressSync(br.rawPayload).equals(asset)).toBe(true)
    expect(gunzipSync(gz.rawPayload).equals(asset)).toBe(true)
    expect(raw.rawPayload.equals(asset)).toBe(true)
    expect(br.rawPayload.length).toBeLessThan(asset.length / 3)
    for (const response of [br, gz, raw]) {
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding')
    }
  })
})

describe('pages', () => {
  it("answers index.html uncached, preloading the page's own chunks", async () => {
    const page = await get('/clients/5b7f565c-7ea5-44ce-a8d9-d562c0e68f64')
    expect(page.statusCode).toBe(200)
    expect(page.headers['cache-control']).toBe('no-cache')
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/client-details-2.js"><link rel="modulepreload" crossorigin href="/assets/clients.contract-3.js"></head>',
    )
    expect((await get('/')).body).toContain('href="/assets/dashboard-1.js"')
    const unknown = await get('/no-such-page')
    expect(unknown.statusCode).toBe(200)
    expect(unknown.body).not.toContain('modulepreload')
  })

  it("preloads a signed-in page's first data only for a browser with a session cookie", async () => {
    const userPreload = '<link rel="preload" as="fetch" crossorigin href="/api/auth/user">'
    const listPreload =
      '<link rel="preload" as="fetch" crossorigin href="/api/applications?limit=5&amp;status=new">'
    const cookie = 'sid=anything'
    expect((await get('/', undefined, cookie)).body).toContain(userPreload + listPreload)
    // With a query the page's lists ask for other URLs: only what every page asks for is preloaded.
    const filtered = (await get('/?status=won', undefined, cookie)).body
    expect(filtered).toContain(userPreload)
    expect(filtered).not.toContain(listPreload)
    expect((await get('/')).body).not.toContain(listPreload)
    expect((await get('/clients/1', undefined, cookie)).body).toContain(userPreload)
    expect((await get('/')).body).not.toContain(userPreload)
    expect((await get('/login', undefined, cookie)).body).not.toContain(userPreload)
    expect((await get('/no-such-page', undefined, cookie)).body).not.toContain(userPreload)
  })
})

describe('API answers', () => {
  it('compresses JSON over 1 KB and leaves a small answer as it is', async () => {
    const docs = await get('/api/docs/json', 'br, gzip')
    expect(docs.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(docs.rawPayload).toString()).openapi).toBeDefined()
    const gz = await get('/api/docs/json', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    const health = await get('/api/health', 'br, gzip')
    expect(health.headers['content-encoding']).toBeUndefined()
    expect(health.json()).toEqual({ status: 'ok' })
  })

  it('sends downloads as they are: a text document and a spreadsheet template are not compressed', async () => {
    const user = await signUp(test)
    const text = Buffer.from('Line of a plain text upload. '.repeat(400))
    const id = await storeDocument(test.db, test.storage, {
      agencyId: user.user.agencyId,
      kind: 'upload',
      filename: 'notes.txt',
      contentType: 'text/plain',
      content: text,
    })
    const download = await get(`/api/documents/${id}/download`, 'br, gzip', user.cookie)
    expect(download.headers['content-disposition']).toMatch(/^attachment/)
    expect(download.headers['content-encoding']).toBeUndefined()
    expect(download.rawPayload.equals(text)).toBe(true)
    const template = await get('/api/clients/import/template?format=xlsx', 'br, gzip', user.cookie)
    expect(template.statusCode).toBe(200)
    expect(template.headers['content-encoding']).toBeUndefined()
    expect(template.rawPayload.subarray(0, 2).toString()).toBe('PK')
  })
})
