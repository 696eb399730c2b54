import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLIC_VERIFY_TEXTS } from '#shared/contracts/esigning-links.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import {
  acceptConsent,
  pdfOf,
  signatureDataUrl,
  signedDocument,
  uploadedForSigning,
} from '#test/esigning-fixtures.ts'
import { signUp } from '#test/factories.ts'
import { auditActionsOf } from '#test/recorded.ts'
import { expectOtherAgencyGets404 } from '#test/tenancy.ts'
import { documents } from '../documents/documents.table.ts'
import { esignSignatures } from './esigning.table.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const verify = (cookie: string, id: string) =>
  test.request({ method: 'GET', url: `/api/esigning/verify/${id}`, cookie })

async function storedRow(documentId: string) {
  const [row] = await test.db.select().from(documents).where(eq(documents.id, documentId))
  return row!
}

async function readStored(key: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of await test.storage.get(key)) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

async function signatureRow(id: string) {
  const [row] = await test.db.select().from(esignSignatures).where(eq(esignSignatures.id, id))
  return row!
}

function uploadPdf(pdf: Buffer) {
  const boundary = `----verify-${randomBytes(6).toString('hex')}`
  return test.request({
    method: 'POST',
    url: '/api/esigning/public/verify',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="signed.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  })
}

describe('GET /api/esigning/verify/{signatureId}', () => {
  it('answers a valid signature on a sealed document, every check passed, and audits it', async () => {
    const user = await signUp(test)
    const signed = await signedDocument(test, user.cookie)
    const response = await verify(user.cookie, signed.signatureId)
    expect(response.statusCode, response.body).toBe(200)
    const result = response.json()
    expect(result).toMatchObject({
      isValid: true,
      complianceLevel: 'advanced',
      tamperEvidence: false,
      signatureId: signed.signatureId,
      signerName: 'Casey Morgan',
      signedAt: expect.any(String),
      verifiedAt: expect.any(String),
    })
    expect(result.checks.map((check: { name: string }) => check.name)).toEqual([
      'Signature record',
      'Signature image',
      'Signed document',
      'Digital seal',
    ])
    expect(result.checks.every((check: { passed: boolean }) => check.passed)).toBe(true)
    expect(await auditActionsOf(test, user.user.id)).toContain('esign.signature_verified')
  })

  it('shows tamper evidence when one byte of the stored signed PDF changes', async () => {
    const user = await signUp(test)
    const signed = await signedDocument(test, user.cookie)
    const sealed = await storedRow((await signatureRow(signed.signatureId)).sealedDocumentId!)
    const bytes = await readStored(sealed.storageKey!)
    bytes[Math.floor(bytes.length / 3)]! ^= 0x01
    await test.storage.put(sealed.storageKey!, bytes, { contentType: 'application/pdf' })
    const result = (await verify(user.cookie, signed.signatureId)).json()
    expect(result).toMatchObject({ isValid: false, tamperEvidence: true })
    expect(result.checks.find((check: { name: string }) => check.name === 'Signed document').passed).toBe(
      false,
    )
  })

  it('shows tamper evidence even when the stored file and its row are changed together', async () => {
    const user = await signUp(test)
    const signed = await signedDocument(test, user.cookie)
    const sealed = await storedRow((await signatureRow(signed.signatureId)).sealedDocumentId!)
    const other = await pdfOf(1, 'Something else entirely')
    const { sha256 } = await test.storage.put(sealed.storageKey!, other, { contentType: 'application/pdf' })
    await test.db
      .update(documents)
      .set({ sha256, sizeBytes: other.length })
      .where(eq(documents.id, sealed.id))
    const result = (await verify(user.cookie, signed.signatureId)).json()
    expect(result.tamperEvidence).toBe(true)
    expect(
      result.checks
        .filter((check: { passed: boolean }) => !check.passed)
        .map((c: { name: string }) => c.name),
    ).toEqual(['Signed document', 'Digital seal'])
  })

  it('shows tamper evidence when the signature image is swapped in the database', async () => {
    const user = await signUp(test)
    const first = await signedDocument(test, user.cookie)
    const second = await signedDocument(test, user.cookie)
    const donor = await signatureRow(second.signatureId)
    await test.db
      .update(esignSignatures)
      .set({ imageDocumentId: donor.imageDocumentId, imageSha256: donor.imageSha256 })
      .where(eq(esignSignatures.id, first.signatureId))
    const result = (await verify(user.cookie, first.signatureId)).json()
    expect(result).toMatchObject({ isValid: false, tamperEvidence: true })
    expect(result.checks[0]).toMatchObject({ name: 'Signature record', passed: false })
  })

  it('shows tamper evidence when the stored image is replaced', async () => {
    const user = await signUp(test)
    const signed = await signedDocument(test, user.cookie)
    const image = await storedRow((await signatureRow(signed.signatureId)).imageDocumentId)
    const { sha256 } = await test.storage.put(
      image.storageKey!,
      Buffer.from(signatureDataUrl(9).split(',')[1]!, 'base64'),
      {
        contentType: 'image/png',
      },
    )
    await test.db.update(documents).set({ sha256 }).where(eq(documents.id, image.id))
    const result = (await verify(user.cookie, signed.signatureId)).json()
    expect(result.checks.find((check: { name: string }) => check.name === 'Signature image').passed).toBe(
      false,
    )
    expect(result.tamperEvidence).toBe(true)
  })

  it('reads a signature applied to no document as Basic', async () => {
    const user = await signUp(test)
    await acceptConsent(test, user.cookie)
    const created = await test.request({
      method: 'POST',
      url: '/api/esigning/create-signature',
      cookie: user.cookie,
      payload: { signatureType: 'typed', signatureData: signatureDataUrl() },
    })
    const result = (await verify(user.cookie, created.json().signatureId)).json()
    expect(result).toMatchObject({ isValid: true, complianceLevel: 'basic', documentId: null })
  })

  it('answers 404 for an unknown id, and for another agency’s signature and documents', async () => {
    const user = await signUp(test)
    const unknown = await verify(user.cookie, randomUUID())
    expect(unknown.statusCode).toBe(404)
    await expectOtherAgencyGets404(test, [
      {
        method: 'GET',
        url: (id) => `/api/esigning/verify/${id}`,
        create: async (_test, owner) => (await signedDocument(test, owner.cookie)).signatureId,
      },
      {
        method: 'DELETE',
        url: (id) => `/api/esigning/documents/${id}`,
        create: async (_test, owner) => (await signedDocument(test, owner.cookie)).documentId,
      },
      {
        method: 'GET',
        url: (id) => `/api/documents/${id}/download`,
        create: async (_test, owner) => (await signedDocument(test, owner.cookie)).documentId,
      },
    ])
    // The calls that take the document's id in their body.
    const owner = await signUp(test)
    const other = await signUp(test)
    await acceptConsent(test, other.cookie)
    const { id } = await uploadedForSigning(test, owner.cookie)
    for (const [url, payload] of [
      ['/api/documents/sign', { documentId: id, signatureType: 'drawn', signatureData: signatureDataUrl() }],
      [
        '/api/esigning/create-signature',
        { documentId: id, signatureType: 'drawn', signatureData: signatureDataUrl() },
      ],
      [
        '/api/esigning/send-document',
        {
          documentId: id,
          signers: [{ name: 'Ann', email: 'ann@example.com', role: 'client', signingOrder: 1 }],
        },
      ],
    ] as const) {
      const response = await test.request({ method: 'POST', url, cookie: other.cookie, payload })
      expect(response.statusCode, url).toBe(404)
      expect(response.json()).toEqual({ message: 'Not found' })
    }
  })
})

describe('the public verify page', () => {
  it('says a downloaded signed PDF matches a signature on record, revealing only who signed and when', async () => {
    const user = await signUp(test)
    const signed = await signedDocument(test, user.cookie)
    const pdf = (await test.request({ method: 'GET', url: signed.signedDocumentUrl, cookie: user.cookie }))
      .rawPayload
    const response = await uploadPdf(pdf)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({
      matched: true,
      isValid: true,
      message: PUBLIC_VERIFY_TEXTS.matched,
      signatures: [{ signerName: 'Casey Morgan', signedAt: expect.any(String) }],
    })
    const byId = await test.request({
      method: 'GET',
      url: `/api/esigning/public/verify/${signed.signatureId}`,
    })
    expect(byId.json()).toMatchObject({ matched: true, isValid: true, message: PUBLIC_VERIFY_TEXTS.idValid })
  })

  it('says a modified copy no longer matches, and knows nothing of an unrelated PDF', async () => {
    const user = await signUp(test)
    const signed = await signedDocument(test, user.cookie)
    const pdf = (await test.request({ method: 'GET', url: signed.signedDocumentUrl, cookie: user.cookie }))
      .rawPayload
    pdf[200]! ^= 0x01
    expect((await uploadPdf(pdf)).json()).toMatchObject({
      matched: false,
      isValid: false,
      message: PUBLIC_VERIFY_TEXTS.modified,
      signatures: [{ signerName: 'Casey Morgan', signedAt: expect.any(String) }],
    })
    expect((await uploadPdf(await pdfOf())).json()).toEqual({
      matched: false,
      isValid: false,
      message: PUBLIC_VERIFY_TEXTS.unknown,
      signatures: [],
    })
    const notPdf = await uploadPdf(Buffer.from('hello'))
    expect(notPdf.statusCode).toBe(415)
    expect(
      (await test.request({ method: 'GET', url: `/api/esigning/public/verify/${randomUUID()}` })).statusCode,
    ).toBe(404)
  })
})
