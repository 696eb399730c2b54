import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileTooLargeMessage, unsupportedFileMessage } from '#shared/contracts/esigning-texts.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { pdfOf, uploadForSigningAs } from '#test/esigning-fixtures.ts'
import { addAgent, signUp } from '#test/factories.ts'
import { docxOf, leftBehind, samples, uploadDocumentAs } from '#test/file-fixtures.ts'
import { auditActionsOf } from '#test/recorded.ts'
import { signingDocuments } from './esigning.table.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const MB = 1024 * 1024

describe('POST /api/documents/upload, the e-signing shape (file, type, name)', () => {
  it('answers a url that serves the same bytes to the owner, and records a pending document', async () => {
    const user = await signUp(test)
    const content = await pdfOf(2)
    const response = await uploadForSigningAs(test, user.cookie, {
      content,
      fileName: 'W-9 Form.pdf',
      type: 'w9',
      name: 'W-9 for Jordan Avery',
      fieldsAfter: true,
    })
    expect(response.statusCode, response.body).toBe(201)
    const body = response.json()
    expect(body).toMatchObject({
      name: 'W-9 for Jordan Avery',
      type: 'w9',
      fileName: 'W-9 Form.pdf',
      size: content.length,
      mimeType: 'application/pdf',
      status: 'uploaded',
      url: `/api/documents/${body.id}/download`,
    })
    const download = await test.request({ method: 'GET', url: body.url, cookie: user.cookie })
    expect(download.statusCode).toBe(200)
    expect(download.rawPayload.equals(content)).toBe(true)
    expect(download.headers['x-content-type-options']).toBe('nosniff')
    const [row] = await test.db.select().from(signingDocuments).where(eq(signingDocuments.id, body.id))
    expect(row).toMatchObject({ status: 'pending_signature', sourceKind: 'pdf', ownerUserId: user.user.id })
    expect(await auditActionsOf(test, user.user.id)).toContain('esign.document_uploaded')
    const colleague = await addAgent(test, user.user.agencyId)
    const other = await test.request({ method: 'GET', url: body.url, cookie: colleague.cookie })
    expect(other.statusCode).toBe(404)
  })

  it('takes each allowed kind by content: PDF, JPEG, PNG, Word and plain text', async () => {
    const user = await signUp(test)
    for (const [fileName, content, mimeType] of [
      ['scan.jpg', samples.jpeg(), 'image/jpeg'],
      ['scan.png', samples.png(), 'image/png'],
      ['letter.docx', docxOf(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['letter.doc', samples.doc(), 'application/msword'],
      ['notes.txt', Buffer.from('Policy notes, café and all\n'), 'text/plain'],
    ] as const) {
      const response = await uploadForSigningAs(test, user.cookie, { content, fileName, type: 'other' })
      expect(response.statusCode, `${fileName}: ${response.body}`).toBe(201)
      expect(response.json().mimeType).toBe(mimeType)
    }
  })

  it('refuses a file of another kind, naming it, and one over 10 MB; keeps nothing', async () => {
    const user = await signUp(test)
    const exe = await uploadForSigningAs(test, user.cookie, {
      content: samples.exe(),
      fileName: 'setup.pdf',
      type: 'x',
    })
    expect(exe.statusCode).toBe(415)
    expect(exe.json()).toEqual({ message: unsupportedFileMessage('setup.pdf') })
    const binary = await uploadForSigningAs(test, user.cookie, {
      content: Buffer.from([0x00, 0x01, 0x02, 0x03, 0x41]),
      fileName: 'notes.txt',
      name: 'Notes',
    })
    expect(binary.statusCode).toBe(415)
    const huge = await uploadForSigningAs(test, user.cookie, {
      content: samples.pdf(10 * MB + 10),
      fileName: 'big.pdf',
      type: 'x',
    })
    expect(huge.statusCode).toBe(413)
    expect(huge.json()).toEqual({ message: fileTooLargeMessage('big.pdf') })
    expect(await leftBehind(test, user)).toEqual({ rows: [], objects: [] })
    expect(
      await test.db.select().from(signingDocuments).where(eq(signingDocuments.agencyId, user.user.agencyId)),
    ).toEqual([])
  })

  it('keeps the appointment shape working beside it', async () => {
    const user = await signUp(test)
    const response = await uploadDocumentAs(test, user.cookie, { documentType: 'w9', content: samples.pdf() })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toMatchObject({ documentType: 'w9', mimeType: 'application/pdf' })
    const list = await test.request({ method: 'GET', url: '/api/documents', cookie: user.cookie })
    expect(list.json()).toHaveLength(1)
  })

  it('lists the document for signing, and removes it while nobody has signed it', async () => {
    const user = await signUp(test)
    const { id } = (
      await uploadForSigningAs(test, user.cookie, { content: await pdfOf(), name: 'NDA' })
    ).json()
    const list = await test.request({ method: 'GET', url: '/api/esigning/documents', cookie: user.cookie })
    expect(list.json().documents).toEqual([
      expect.objectContaining({ id, name: 'NDA', status: 'pending_signature', signatures: [], signers: [] }),
    ])
    const removed = await test.request({
      method: 'DELETE',
      url: `/api/esigning/documents/${id}`,
      cookie: user.cookie,
    })
    expect(removed.json()).toEqual({ deleted: true })
    expect(await leftBehind(test, user)).toEqual({ rows: [], objects: [] })
    expect(await auditActionsOf(test, user.user.id)).toContain('esign.document_removed')
  })
})
