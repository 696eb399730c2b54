import { createHash } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { UPLOAD_TEXTS } from '#shared/contracts/documents.contract.ts'
import { FILE_KIND_MIME, fileTooLargeMessage, invalidFileTypeMessage } from '#shared/domain/document-types.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { signUp } from '#test/factories.ts'
import { appointmentOf, docxOf, leftBehind, samples, uploadDocumentAs } from '#test/file-fixtures.ts'
import { storageKeyFor } from './documents.service.ts'
import { documents } from './documents.table.ts'

const MB = 1024 * 1024

/** Spooled uploads' temporary files: none may outlive its request. */
async function spooled(): Promise<string[]> {
  return (await readdir(tmpdir())).filter((name) => name.startsWith('upload-'))
}

let test: TestApp

beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

/** Each test its own agency, so "nothing left behind" is about that test's upload alone. */
const agent = () => signUp(test)

describe('POST /api/documents/upload', () => {
  it('stores a W-9 under a server key and answers its record, with the row, the bytes and the audit event', async () => {
    const user = await agent()
    const content = samples.pdf(300 * 1024)
    const response = await uploadDocumentAs(test, user.cookie, {
      documentType: 'w9',
      fileName: 'C:\\scans\\W-9 (signed).pdf',
      content,
    })
    expect(response.statusCode, response.body).toBe(201)
    const record = response.json()
    expect(record).toEqual({
      id: expect.any(String),
      fileName: 'W-9 (signed).pdf',
      fileSize: content.length,
      mimeType: 'application/pdf',
      uploadedAt: expect.any(String),
      documentType: 'w9',
      applicationId: null,
    })
    const sha256 = createHash('sha256').update(content).digest('hex')
    const [row] = await test.db.select().from(documents).where(eq(documents.id, record.id))
    expect(row).toMatchObject({
      agencyId: user.user.agencyId,
      kind: 'upload',
      documentType: 'w9',
      uploadedByUserId: user.user.id,
      storageKey: storageKeyFor(user.user.agencyId, record.id),
      sizeBytes: content.length,
      sha256,
      legacyContent: null,
    })
    expect(row!.createdAt.toISOString()).toBe(record.uploadedAt)
    expect(await test.storage.head(row!.storageKey!)).toMatchObject({ size: content.length })
    const [event] = await test.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'document.uploaded'), eq(auditEvents.entityId, record.id)))
    expect(event).toMatchObject({ actorUserId: user.user.id, agencyId: user.user.agencyId })
    expect(event!.details).toMatchObject({ documentType: 'w9', sizeBytes: content.length, sha256 })
  })

  it('judges the type by content: an .exe named .pdf and sent as a PDF is refused, and nothing is kept', async () => {
    const user = await agent()
    const response = await uploadDocumentAs(test, user.cookie, {
      documentType: 'w9',
      fileName: 'w9.pdf',
      content: samples.exe(200 * 1024),
    })
    expect(response.statusCode).toBe(415)
    expect(response.json()).toEqual({ message: invalidFileTypeMessage('w9', 'application/x-msdownload') })
    expect(response.json().message).toBe(
      'File type application/x-msdownload is not allowed. Allowed types: PDF, JPEG, PNG',
    )
    expect(await leftBehind(test, user)).toEqual({ rows: [], objects: [] })
  })

  it('names a GIF and an unknown file in the refusal', async () => {
    const user = await agent()
    const gif = await uploadDocumentAs(test, user.cookie, {
      documentType: 'license_copy',
      content: samples.gif(),
    })
    expect(gif.json()).toEqual({ message: invalidFileTypeMessage('license_copy', 'image/gif') })
    const text = Buffer.from('just some text, not a scan')
    const unknown = await uploadDocumentAs(test, user.cookie, { documentType: 'license_copy', content: text })
    expect(unknown.statusCode).toBe(415)
    expect(unknown.json()).toEqual({ message: invalidFileTypeMessage('license_copy', 'unknown') })
  })

  it('applies the size limit of the type: a 2.5 MB PNG is too large for a voided check and fine for a W-9', async () => {
    const user = await agent()
    const png = samples.png(2.5 * MB)
    const refused = await uploadDocumentAs(test, user.cookie, { documentType: 'voided_check', content: png })
    expect(refused.statusCode).toBe(413)
    expect(refused.json()).toEqual({ message: 'File size 2.5MB exceeds maximum size of 2MB' })
    expect(await leftBehind(test, user)).toEqual({ rows: [], objects: [] })
    const accepted = await uploadDocumentAs(test, user.cookie, { documentType: 'w9', content: png })
    expect(accepted.statusCode, accepted.body).toBe(201)
    expect(accepted.json()).toMatchObject({ fileSize: png.length, mimeType: 'image/png', documentType: 'w9' })
  })

  it('counts a file past every limit up to the cap, and keeps nothing', async () => {
    const user = await agent()
    const huge = samples.pdf(12 * MB)
    const response = await uploadDocumentAs(test, user.cookie, {
      documentType: 'additional_docs',
      content: huge,
    })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ message: fileTooLargeMessage('additional_docs', 10 * MB + 64 * 1024) })
    expect(await leftBehind(test, user)).toEqual({ rows: [], objects: [] })
  })

  describe('with the file before its fields, as curl -F file=@w9.pdf -F documentType=w9 sends it', () => {
    it('takes the upload as if the type came first', async () => {
      const user = await agent()
      const own = await appointmentOf(test, user)
      const content = samples.pdf(300 * 1024)
      const response = await uploadDocumentAs(test, user.cookie, {
        documentType: 'w9',
        applicationId: own,
        content,
        fileFirst: true,
      })
      expect(response.statusCode, response.body).toBe(201)
      expect(response.json()).toMatchObject({
        documentType: 'w9',
        applicationId: own,
        fileSize: content.length,
      })
      const [row] = await test.db.select().from(documents).where(eq(documents.id, response.json().id))
      const stored = await test.storage.head(row!.storageKey!)
      expect(stored).toMatchObject({ size: content.length })
      expect(row!.sha256).toBe(createHash('sha256').update(content).digest('hex'))
    })

    it("still applies the type's own limit and content rules, and keeps nothing", async () => {
      const user = await agent()
      const before = await spooled()
      const tooLarge = await uploadDocumentAs(test, user.cookie, {
        documentType: 'voided_check',
        content: samples.png(2.5 * MB),
        fileFirst: true,
      })
      expect(tooLarge.statusCode).toBe(413)
      expect(tooLarge.json()).toEqual({ message: 'File size 2.5MB exceeds maximum size of 2MB' })
      const wrongKind = await uploadDocumentAs(test, user.cookie, {
        documentType: 'w9',
        content: samples.exe(200 * 1024),
        fileFirst: true,
      })
      expect(wrongKind.statusCode).toBe(415)
      const pastCap = await uploadDocumentAs(test, user.cookie, {
        documentType: 'additional_docs',
        content: samples.pdf(12 * MB),
        fileFirst: true,
      })
      expect(pastCap.statusCode).toBe(413)
      const noType = await uploadDocumentAs(test, user.cookie, { content: samples.pdf(), fileFirst: true })
      expect(noType.json()).toEqual({
        message: UPLOAD_TEXTS.documentType,
        errors: [{ path: 'documentType', message: UPLOAD_TEXTS.documentType }],
      })
      expect(await leftBehind(test, user)).toEqual({ rows: [], objects: [] })
      expect(await spooled()).toEqual(before)
    })
  })

  it('takes a Word document only as additional documents', async () => {
    const user = await agent()
    const docx = docxOf()
    const refused = await uploadDocumentAs(test, user.cookie, {
      documentType: 'w9',
      fileName: 'w9.docx',
      content: docx,
    })
    expect(refused.statusCode).toBe(415)
    expect(refused.json()).toEqual({ message: invalidFileTypeMessage('w9', FILE_KIND_MIME.docx) })
    const accepted = await uploadDocumentAs(test, user.cookie, {
      documentType: 'additional_docs',
      fileName: 'letter.docx',
      content: docx,
    })
    expect(accepted.statusCode, accepted.body).toBe(201)
    expect(accepted.json()).toMatchObject({ mimeType: FILE_KIND_MIME.docx, fileSize: docx.length })
    const doc = await uploadDocumentAs(test, user.cookie, {
      documentType: 'additional_docs',
      content: samples.doc(),
    })
    expect(doc.json()).toMatchObject({ mimeType: 'application/msword' })
  })

  it.each([
    ['without a document type', { content: samples.pdf() }, UPLOAD_TEXTS.documentType, 'documentType'],
    [
      'with an unknown document type',
      { documentType: 'passport', content: samples.pdf() },
      UPLOAD_TEXTS.documentType,
      'documentType',
    ],
    [
      'with an applicationId that is not an id',
      { documentType: 'w9', applicationId: 'abc', content: samples.pdf() },
      UPLOAD_TEXTS.applicationId,
      'applicationId',
    ],
    ['without a file', { documentType: 'w9' }, UPLOAD_TEXTS.noFile, null],
  ])('answers 400 %s, and keeps nothing', async (_case, form, message, field) => {
    const user = await agent()
    const response = await uploadDocumentAs(test, user.cookie, form)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual(field ? { message, errors: [{ path: field, message }] } : { message })
    expect(await leftBehind(test, user)).toEqual({ rows: [], objects: [] })
  })

  it("links the upload to the agent's own application, and refuses anyone else's", async () => {
    const user = await agent()
    const other = await agent()
    const own = await appointmentOf(test, user)
    const linked = await uploadDocumentAs(test, user.cookie, {
      documentType: 'w9',
      applicationId: own,
      content: samples.pdf(),
    })
    expect(linked.statusCode, linked.body).toBe(201)
    expect(linked.json()).toMatchObject({ applicationId: own })
    const theirs = await appointmentOf(test, other)
    const refused = await uploadDocumentAs(test, user.cookie, {
      documentType: 'w9',
      applicationId: theirs,
      content: samples.pdf(),
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toBe(UPLOAD_TEXTS.applicationId)
    expect((await leftBehind(test, user)).rows).toEqual([linked.json().id])
  })

  it('answers 401 without a session', async () => {
    const response = await uploadDocumentAs(test, undefined, { documentType: 'w9', content: samples.pdf() })
    expect(response.statusCode).toBe(401)
  })
})
