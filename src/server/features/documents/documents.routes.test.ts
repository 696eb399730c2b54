import { createHash, randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { DOCUMENT_TEXTS } from '#shared/contracts/documents.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { expectOtherAgencyGets404 } from '#test/tenancy.ts'
import { type DocumentKind, storageKeyFor, storeDocument } from './documents.service.ts'
import { documents } from './documents.table.ts'

let test: TestApp
let owner: SignedInUser

beforeAll(async () => {
  test = await buildTestApp()
  owner = await signUp(test)
})
afterAll(() => test.close())

/** A document as the Required Docs screen will store one (its upload route lands with issue #12). */
async function storeFile(user: SignedInUser, options: { kind?: DocumentKind; content?: Buffer } = {}) {
  const content = options.content ?? randomBytes(2048)
  const id = await storeDocument(test.db, test.storage, {
    agencyId: user.user.agencyId,
    kind: options.kind ?? 'upload',
    filename: 'w9 form (signed).pdf',
    contentType: 'application/pdf',
    content,
  })
  return { id, content, key: storageKeyFor(user.user.agencyId, id) }
}

async function rowOf(id: string) {
  const [row] = await test.db.select().from(documents).where(eq(documents.id, id))
  return row
}

describe('GET /api/documents/:id/download', () => {
  it('sends the stored bytes as an attachment that is never sniffed, and audits the read', async () => {
    const { id, content } = await storeFile(owner)
    const response = await test.request({
      method: 'GET',
      url: `/api/documents/${id}/download`,
      cookie: owner.cookie,
    })
    expect(response.statusCode).toBe(200)
    expect(response.rawPayload.equals(content)).toBe(true)
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(content.length),
      'content-disposition': `attachment; filename="w9_form__signed_.pdf"; filename*=UTF-8''w9%20form%20%28signed%29.pdf`,
      'x-content-type-options': 'nosniff',
    })
    const audited = await test.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'document.downloaded'), eq(auditEvents.entityId, id)))
    expect(audited).toHaveLength(1)
  })

  it('keeps the metadata and SHA-256 in the row and the bytes out of the database', async () => {
    const { id, content, key } = await storeFile(owner)
    const row = await rowOf(id)
    expect(row).toMatchObject({
      storageKey: key,
      legacyContent: null,
      sizeBytes: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
    })
    expect(await test.storage.head(key)).toMatchObject({ size: content.length })
  })

  it('answers 401 without a session', async () => {
    const { id } = await storeFile(owner)
    for (const method of ['GET', 'DELETE'] as const) {
      const url = method === 'GET' ? `/api/documents/${id}/download` : `/api/documents/${id}`
      const response = await test.request({ method, url })
      expect(response.statusCode, `${method} ${url}`).toBe(401)
    }
  })

  it("answers 404 for another agency's document, as for a missing one", async () => {
    await expectOtherAgencyGets404(test, [
      {
        method: 'GET',
        url: (id) => `/api/documents/${id}/download`,
        create: async (_t, u) => (await storeFile(u)).id,
      },
      {
        method: 'DELETE',
        url: (id) => `/api/documents/${id}`,
        create: async (_t, u) => (await storeFile(u)).id,
      },
    ])
    const missing = await test.request({
      method: 'GET',
      url: '/api/documents/00000000-0000-4000-8000-000000000000/download',
      cookie: owner.cookie,
    })
    expect(missing.statusCode).toBe(404)
  })
})

describe('DELETE /api/documents/:id', () => {
  it('deletes the row and its stored object, and audits it', async () => {
    const { id, key } = await storeFile(owner)
    const response = await test.request({
      method: 'DELETE',
      url: `/api/documents/${id}`,
      cookie: owner.cookie,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ deleted: true })
    expect(await rowOf(id)).toBeUndefined()
    expect(await test.storage.head(key)).toBeNull()
    const audited = await test.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'document.deleted'), eq(auditEvents.entityId, id)))
    expect(audited).toHaveLength(1)
    const again = await test.request({ method: 'DELETE', url: `/api/documents/${id}`, cookie: owner.cookie })
    expect(again.statusCode).toBe(404)
  })

  it('keeps a packet made for a carrier: it is the record of what was sent', async () => {
    const { id, key } = await storeFile(owner, { kind: 'application_packet' })
    const response = await test.request({
      method: 'DELETE',
      url: `/api/documents/${id}`,
      cookie: owner.cookie,
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ message: DOCUMENT_TEXTS.sentPacket })
    expect(await rowOf(id)).toBeDefined()
    expect(await test.storage.head(key)).not.toBeNull()
  })

  it.each([
    ['signed_document', DOCUMENT_TEXTS.signingRecord],
    ['signature_image', DOCUMENT_TEXTS.signingRecord],
    ['attachment', DOCUMENT_TEXTS.attachedFile],
  ] as const)('keeps a %s, which another record points at, and says why', async (kind, message) => {
    const { id, key } = await storeFile(owner, { kind })
    const response = await test.request({
      method: 'DELETE',
      url: `/api/documents/${id}`,
      cookie: owner.cookie,
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ message })
    expect(await rowOf(id)).toBeDefined()
    expect(await test.storage.head(key)).not.toBeNull()
  })
})
