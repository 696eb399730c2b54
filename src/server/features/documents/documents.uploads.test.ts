import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, type SignedInUser, signUp } from '#test/factories.ts'
import { docxOf, leftBehind, samples, type UploadForm, uploadDocumentAs } from '#test/file-fixtures.ts'
import { expectOtherAgencyGets404 } from '#test/tenancy.ts'
import { latestUploadsByType, readDocumentBytes, storeDocument } from './documents.service.ts'

let test: TestApp

beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

async function uploaded(user: SignedInUser, form: UploadForm) {
  const response = await uploadDocumentAs(test, user.cookie, form)
  expect(response.statusCode, response.body).toBe(201)
  return response.json() as { id: string; uploadedAt: string }
}

const auditsOf = (action: string, id: string) =>
  test.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, id)))

describe('GET /api/documents', () => {
  it("lists the caller's own uploads, newest first, and nothing of anyone else's nor any packet", async () => {
    const user = await signUp(test)
    const other = await signUp(test)
    const w9 = await uploaded(user, { documentType: 'w9', fileName: 'w9.pdf', content: samples.pdf(1000) })
    const check = await uploaded(user, {
      documentType: 'voided_check',
      fileName: 'check.jpg',
      content: samples.jpeg(2000),
    })
    await uploaded(other, { documentType: 'w9', content: samples.pdf() })
    await storeDocument(test.db, test.storage, {
      agencyId: user.user.agencyId,
      kind: 'application_packet',
      filename: 'packet.pdf',
      contentType: 'application/pdf',
      content: samples.pdf(),
    })
    const response = await test.request({ method: 'GET', url: '/api/documents', cookie: user.cookie })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([
      {
        id: check.id,
        fileName: 'check.jpg',
        fileSize: 2000,
        mimeType: 'image/jpeg',
        uploadedAt: check.uploadedAt,
        documentType: 'voided_check',
        applicationId: null,
      },
      {
        id: w9.id,
        fileName: 'w9.pdf',
        fileSize: 1000,
        mimeType: 'application/pdf',
        uploadedAt: w9.uploadedAt,
        documentType: 'w9',
        applicationId: null,
      },
    ])
  })

  it('answers 401 without a session on every documents route', async () => {
    const user = await signUp(test)
    const { id } = await uploaded(user, { documentType: 'w9', content: samples.pdf() })
    const calls = [
      { method: 'GET', url: '/api/documents' },
      { method: 'GET', url: `/api/documents/${id}/download` },
      { method: 'DELETE', url: `/api/documents/${id}` },
    ] as const
    for (const call of calls)
      expect((await test.request(call)).statusCode, `${call.method} ${call.url}`).toBe(401)
    expect(
      (await uploadDocumentAs(test, undefined, { documentType: 'w9', content: samples.pdf() })).statusCode,
    ).toBe(401)
  })
})

describe('an uploaded document', () => {
  it('downloads as an attachment that is never sniffed, with the same bytes, its detected type and a safe name', async () => {
    const user = await signUp(test)
    const content = docxOf()
    const { id } = await uploaded(user, {
      documentType: 'additional_docs',
      fileName: 'Carta (firmada); José.docx',
      content,
    })
    const response = await test.request({
      method: 'GET',
      url: `/api/documents/${id}/download`,
      cookie: user.cookie,
    })
    expect(response.statusCode).toBe(200)
    expect(response.rawPayload.equals(content)).toBe(true)
    expect(response.headers).toMatchObject({
      'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'content-disposition': `attachment; filename="Carta__firmada___Jos_.docx"; filename*=UTF-8''Carta%20%28firmada%29%3B%20Jos%C3%A9.docx`,
      'x-content-type-options': 'nosniff',
    })
    expect(await auditsOf('document.downloaded', id)).toHaveLength(1)
  })

  it('is deleted with its stored object, audited, and gone from the list', async () => {
    const user = await signUp(test)
    const { id } = await uploaded(user, { documentType: 'eo_certificate', content: samples.png() })
    expect((await leftBehind(test, user)).objects).toHaveLength(1)
    const response = await test.request({
      method: 'DELETE',
      url: `/api/documents/${id}`,
      cookie: user.cookie,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(await leftBehind(test, user)).toEqual({ rows: [], objects: [] })
    expect(await auditsOf('document.uploaded', id)).toHaveLength(1)
    expect(await auditsOf('document.deleted', id)).toHaveLength(1)
    const list = await test.request({ method: 'GET', url: '/api/documents', cookie: user.cookie })
    expect(list.json()).toEqual([])
  })

  it("answers 404 to another agency's download and delete, as for a missing one", async () => {
    const create = async (_test: TestApp, owner: SignedInUser) =>
      (await uploaded(owner, { documentType: 'w9', content: samples.pdf() })).id
    await expectOtherAgencyGets404(test, [
      { method: 'GET', url: (id) => `/api/documents/${id}/download`, create },
      { method: 'DELETE', url: (id) => `/api/documents/${id}`, create },
    ])
  })
})

describe('the documents on file, for other features', () => {
  it('latestUploadsByType answers the newest upload of each type the agent has', async () => {
    const user = await signUp(test)
    await uploaded(user, { documentType: 'w9', fileName: 'old-w9.pdf', content: samples.pdf() })
    const newest = await uploaded(user, {
      documentType: 'w9',
      fileName: 'new-w9.pdf',
      content: samples.pdf(5000),
    })
    const check = await uploaded(user, {
      documentType: 'voided_check',
      fileName: 'check.png',
      content: samples.png(),
    })
    const latest = await latestUploadsByType(test.db, user.user.agencyId, user.user.id)
    expect([...latest.keys()].sort()).toEqual(['voided_check', 'w9'])
    expect(latest.get('w9')).toEqual({
      id: newest.id,
      fileName: 'new-w9.pdf',
      fileSize: 5000,
      uploadedAt: newest.uploadedAt,
      contentType: 'application/pdf',
      storageKey: `documents/${user.user.agencyId}/${newest.id}`,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    })
    expect(latest.get('voided_check')?.id).toBe(check.id)
    const other = await signUp(test)
    expect((await latestUploadsByType(test.db, user.user.agencyId, other.user.id)).size).toBe(0)
  })

  it("readDocumentBytes answers the stored bytes, and not another agency's", async () => {
    const user = await signUp(test)
    const content = samples.jpeg(70_000)
    const { id } = await uploaded(user, { documentType: 'license_copy', content })
    const bytes = await readDocumentBytes(test.db, test.storage, user.user.agencyId, id)
    expect(bytes.equals(content)).toBe(true)
    const other = await signUp(test)
    await expect(readDocumentBytes(test.db, test.storage, other.user.agencyId, id)).rejects.toThrow(
      'Not found',
    )
  })
})

describe("an agent's uploads within the agency", () => {
  it("are theirs and their admins': a colleague gets 404 on download and delete", async () => {
    const admin = await signUp(test)
    const agent = await addAgent(test, admin.user.agencyId)
    const colleague = await addAgent(test, admin.user.agencyId)
    const w9 = await uploaded(agent, { documentType: 'w9', fileName: 'w9.pdf', content: samples.pdf(1000) })
    const open = (user: SignedInUser, method: 'GET' | 'DELETE') =>
      test.request({
        method,
        url: method === 'GET' ? `/api/documents/${w9.id}/download` : `/api/documents/${w9.id}`,
        cookie: user.cookie,
      })
    expect((await open(colleague, 'GET')).statusCode).toBe(404)
    expect((await open(colleague, 'DELETE')).statusCode).toBe(404)
    expect((await open(agent, 'GET')).statusCode).toBe(200)
    expect((await open(admin, 'GET')).statusCode).toBe(200)
    expect((await open(agent, 'DELETE')).statusCode).toBe(200)
  })
})
