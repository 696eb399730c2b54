import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { ESIGNING_TEXTS } from '#shared/contracts/esigning-texts.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import {
  acceptConsent,
  pdfOf,
  signatureDataUrl,
  signedDocument,
  uploadedForSigning,
} from '#test/esigning-fixtures.ts'
import { signUp } from '#test/factories.ts'
import { docxOf } from '#test/file-fixtures.ts'
import { pdfAttachments, pdfsig, pdftotext } from '#test/poppler.ts'
import { auditActionsOf } from '#test/recorded.ts'
import { documents } from '../documents/documents.table.ts'
import { scribblePng } from './draw-scribble-png.ts'
import { esignConsents, esignSignatures } from './esigning.table.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp({ env: { PUBLIC_URL: 'https://backoffice.example' } })
})
afterAll(() => test.close())

async function download(cookie: string, url: string): Promise<Buffer> {
  const response = await test.request({ method: 'GET', url, cookie })
  expect(response.statusCode, response.body).toBe(200)
  return response.rawPayload
}

const sign = (cookie: string, payload: Record<string, unknown>) =>
  test.request({ method: 'POST', url: '/api/documents/sign', cookie, payload })

describe('POST /api/documents/sign', () => {
  it('makes a PDF whose seal pdfsig finds valid over the whole document, with a certificate page', async () => {
    const user = await signUp(test)
    const signed = await signedDocument(test, user.cookie, await pdfOf(3))
    const pdf = await download(user.cookie, signed.signedDocumentUrl)
    const report = pdfsig(pdf)
    expect(report).toContain('Signature Validation: Signature is Valid.')
    expect(report).toContain('Total document signed')
    expect(report).toContain('Signing Hash Algorithm: SHA-256')
    const [signature] = await test.db
      .select()
      .from(esignSignatures)
      .where(eq(esignSignatures.id, signed.signatureId))
    const [consent] = await test.db
      .select()
      .from(esignConsents)
      .where(eq(esignConsents.id, signature!.consentId))
    const text = pdftotext(pdf).replace(/\s+/g, ' ')
    expect(text).toContain('Certificate of Completion')
    for (const expected of [
      'Casey Morgan',
      user.email,
      'Role: Agent',
      `ESIGN disclosure ${consent!.version}`,
      `SHA-256 of the document before signing: ${signature!.documentSha256Before}`,
      signed.signatureId,
      'UTC',
      'User agent: lightMyRequest',
      'IP address: 127.0.0.1',
      `https://backoffice.example/verify-signature?id=${signed.signatureId}`,
    ]) {
      expect(text).toContain(expected)
    }
    expect(pdftotext(pdf)).toMatch(/Signed electronically by Casey Morgan/)
    expect(signature!.sealedSha256).toBe(signed.sha256)
    expect(signature!.documentSha256Before).toMatch(/^[0-9a-f]{64}$/)
  })

  it('sets an image and a text file in pages, and seals a Word file in an envelope that attaches it', async () => {
    const user = await signUp(test)
    await acceptConsent(test, user.cookie)
    for (const [fileName, content, marker] of [
      ['scan.png', scribblePng({ width: 300, height: 120 }), 'The uploaded image, placed on a page'],
      ['notes.txt', Buffer.from('Policy notes\nSecond line of the notes\n'), 'Second line of the notes'],
      ['letter.docx', docxOf(), 'attached unchanged to this PDF'],
    ] as const) {
      const { id } = await uploadedForSigning(test, user.cookie, { content, fileName })
      const response = await sign(user.cookie, {
        documentId: id,
        signatureType: 'typed',
        signatureData: signatureDataUrl(),
      })
      expect(response.statusCode, response.body).toBe(200)
      const pdf = await download(user.cookie, response.json().signedDocumentUrl)
      expect(pdfsig(pdf)).toContain('Signature is Valid.')
      expect(pdftotext(pdf).replace(/\s+/g, ' ')).toContain(marker)
      if (fileName === 'letter.docx') expect(pdfAttachments(pdf)).toContain('letter.docx')
    }
  })

  it('places the signature on the chosen page', async () => {
    const user = await signUp(test)
    await acceptConsent(test, user.cookie)
    const { id } = await uploadedForSigning(test, user.cookie, { content: await pdfOf(3) })
    const response = await sign(user.cookie, {
      documentId: id,
      signatureType: 'drawn',
      signatureData: signatureDataUrl(),
      placement: { page: 1, x: 0.1, y: 0.5, width: 0.3 },
    })
    expect(response.statusCode, response.body).toBe(200)
    const pages = pdftotext(await download(user.cookie, response.json().signedDocumentUrl)).split('\f')
    expect(pages[0]).toContain('Signed electronically by')
    expect(pages[2]).not.toContain('Signed electronically by')
  })

  it('needs the disclosure accepted first, and records the acceptance with version, time, IP and browser', async () => {
    const user = await signUp(test)
    const { id } = await uploadedForSigning(test, user.cookie)
    const refused = await sign(user.cookie, {
      documentId: id,
      signatureType: 'drawn',
      signatureData: signatureDataUrl(),
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({ message: ESIGNING_TEXTS.consentRequired })
    const state = await test.request({ method: 'GET', url: '/api/esigning/consent', cookie: user.cookie })
    expect(state.json()).toMatchObject({ accepted: false, acceptedAt: null })
    await acceptConsent(test, user.cookie)
    const [consent] = await test.db.select().from(esignConsents).where(eq(esignConsents.userId, user.user.id))
    expect(consent).toMatchObject({
      ipAddress: '127.0.0.1',
      userAgent: 'lightMyRequest',
      signerEmail: user.email,
    })
    expect(consent!.acceptedAt.getTime()).toBeGreaterThan(Date.now() - 60_000)
    const again = await test.request({ method: 'GET', url: '/api/esigning/consent', cookie: user.cookie })
    expect(again.json()).toMatchObject({ accepted: true, version: consent!.version })
    const outdated = await test.request({
      method: 'POST',
      url: '/api/esigning/consent',
      cookie: user.cookie,
      payload: { version: 'ESIGN-1999' },
    })
    expect(outdated.statusCode).toBe(409)
  })

  it('refuses a blank signature, a data URL that is not PNG or JPEG, and a second signing; keeps nothing', async () => {
    const user = await signUp(test)
    await acceptConsent(test, user.cookie)
    const { id } = await uploadedForSigning(test, user.cookie)
    const blank = await sign(user.cookie, {
      documentId: id,
      signatureType: 'drawn',
      signatureData: `data:image/png;base64,${scribblePng({ blank: true }).toString('base64')}`,
    })
    expect(blank.statusCode).toBe(400)
    expect(blank.json().message).toBe(ESIGNING_TEXTS.blankSignature)
    const gif = await sign(user.cookie, {
      documentId: id,
      signatureType: 'uploaded',
      signatureData: `data:image/png;base64,${Buffer.from('GIF89a not a png').toString('base64')}`,
    })
    expect(gif.statusCode).toBe(400)
    expect(gif.json().message).toBe(ESIGNING_TEXTS.notAnImage)
    const rows = await test.db.select().from(documents).where(eq(documents.agencyId, user.user.agencyId))
    expect(rows.map((row) => row.kind)).toEqual(['signing_upload'])
    const first = await sign(user.cookie, {
      documentId: id,
      signatureType: 'drawn',
      signatureData: signatureDataUrl(),
    })
    expect(first.statusCode).toBe(200)
    const second = await sign(user.cookie, {
      documentId: id,
      signatureType: 'drawn',
      signatureData: signatureDataUrl(),
    })
    expect(second.statusCode).toBe(409)
    expect(second.json()).toEqual({ message: ESIGNING_TEXTS.alreadySigned })
    // Shape before state: a malformed signature is 400 for its field even on a signed document,
    // through either call, and for a document that does not exist.
    for (const [url, documentId] of [
      ['/api/documents/sign', id],
      ['/api/esigning/create-signature', id],
      ['/api/esigning/create-signature', '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const malformed = await test.request({
        method: 'POST',
        url,
        cookie: user.cookie,
        payload: { documentId, signatureType: 'drawn', signatureData: 'data:image/png;base64,AAAA' },
      })
      expect(malformed.statusCode, `${url} ${documentId}`).toBe(400)
      expect(malformed.json().message).toBe(ESIGNING_TEXTS.notAnImage)
    }
  })

  it('audits the upload, the consent and the signature', async () => {
    const user = await signUp(test)
    const signed = await signedDocument(test, user.cookie)
    const actions = await auditActionsOf(test, user.user.id)
    expect(actions).toEqual(
      expect.arrayContaining(['esign.document_uploaded', 'esign.consent_accepted', 'esign.document_signed']),
    )
    const [event] = await test.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'esign.document_signed'))
    expect(event!.details).toMatchObject({ signatureId: expect.any(String) })
    expect(signed.documentId).toBeTruthy()
  })
})

describe('POST /api/esigning/create-signature', () => {
  it('records a signature on its own and answers {success, signatureId}', async () => {
    const user = await signUp(test)
    await acceptConsent(test, user.cookie)
    const response = await test.request({
      method: 'POST',
      url: '/api/esigning/create-signature',
      cookie: user.cookie,
      payload: {
        signatureType: 'drawn',
        signatureData: signatureDataUrl(),
        signerName: 'Casey Morgan',
        signerEmail: user.email,
        signerRole: 'agent',
      },
    })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toEqual({ success: true, signatureId: expect.any(String) })
    expect(await auditActionsOf(test, user.user.id)).toContain('esign.signature_created')
  })

  it('answers 400 to a data URL whose bytes are not a PNG or JPEG, and 413 to an image over 2 MB', async () => {
    const user = await signUp(test)
    await acceptConsent(test, user.cookie)
    const create = (signatureData: string) =>
      test.request({
        method: 'POST',
        url: '/api/esigning/create-signature',
        cookie: user.cookie,
        payload: { signatureType: 'uploaded', signatureData },
      })
    const text = await create(`data:image/png;base64,${Buffer.from('hello').toString('base64')}`)
    expect(text.statusCode).toBe(400)
    expect(text.json()).toEqual({
      message: ESIGNING_TEXTS.notAnImage,
      errors: [{ path: 'signatureData', message: ESIGNING_TEXTS.notAnImage }],
    })
    expect((await create('not a data url')).statusCode).toBe(400)
    const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2 * 1024 * 1024 + 10)])
    const tooLarge = await create(`data:image/jpeg;base64,${huge.toString('base64')}`)
    expect(tooLarge.statusCode).toBe(413)
    expect(tooLarge.json().message).toBe(ESIGNING_TEXTS.imageTooLarge)
  })
})
