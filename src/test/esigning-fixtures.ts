// Test helpers for e-signing: real PDFs, signature images, the upload in its e-signing shape.
import { randomBytes } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { pngDataUrl, scribblePng } from '#server/features/esigning/draw-scribble-png.ts'
import { UPLOAD_PATH } from '#shared/contracts/documents.contract.ts'
import { ESIGN_DISCLOSURE } from '#shared/contracts/esigning-texts.ts'
import type { TestApp } from './build-test-app.ts'

/** A real PDF of `pages` pages, each naming its number. */
export async function pdfOf(pages = 1, title = 'Carrier agreement'): Promise<Buffer> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let page = 1; page <= pages; page++) {
    doc.addPage([612, 792]).drawText(`${title}, page ${page}`, { x: 56, y: 720, size: 16, font })
  }
  return Buffer.from(await doc.save())
}

export const signatureDataUrl = (seed = 1) => pngDataUrl(scribblePng({ seed }))

export interface SigningUploadForm {
  content: Buffer
  fileName?: string
  type?: string
  name?: string
  /** Where type and name go: before the file (our browser) or after it (the spec's order). */
  fieldsAfter?: boolean
}

/** The multipart body of the e-signing shape: file, type, name. */
export function signingUploadBody(form: SigningUploadForm) {
  const boundary = `----esigning-test-${randomBytes(8).toString('hex')}`
  const field = (name: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
  const fields = [
    ...(form.type === undefined ? [] : [field('type', form.type)]),
    ...(form.name === undefined ? [] : [field('name', form.name)]),
  ]
  const file = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${form.fileName ?? 'agreement.pdf'}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    form.content,
    Buffer.from('\r\n'),
  ]
  const parts = form.fieldsAfter ? [...file, ...fields] : [...fields, ...file]
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** POST /api/documents/upload in the e-signing shape. */
export function uploadForSigningAs(
  test: TestApp,
  cookie: string | undefined,
  form: SigningUploadForm,
): Promise<LightMyRequestResponse> {
  return test.request({ method: 'POST', url: UPLOAD_PATH, cookie, ...signingUploadBody(form) })
}

/** Uploads a document for signing and answers its id (fails the test otherwise). */
export async function uploadedForSigning(
  test: TestApp,
  cookie: string,
  form: Partial<SigningUploadForm> = {},
) {
  const response = await uploadForSigningAs(test, cookie, {
    content: form.content ?? (await pdfOf(2)),
    type: 'carrier_agreement',
    name: 'Carrier agreement',
    ...form,
  })
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`)
  return response.json() as { id: string; url: string }
}

export async function acceptConsent(test: TestApp, cookie: string, signer: { signerEmail?: string } = {}) {
  const response = await test.request({
    method: 'POST',
    url: '/api/esigning/consent',
    cookie,
    payload: { version: ESIGN_DISCLOSURE.version, ...signer },
  })
  if (response.statusCode !== 201) throw new Error(`consent failed: ${response.statusCode} ${response.body}`)
}

/** Uploads, consents and signs a PDF in the user's session; answers the sign call's body. */
export async function signedDocument(test: TestApp, cookie: string, content?: Buffer) {
  const { id } = await uploadedForSigning(test, cookie, content ? { content } : {})
  await acceptConsent(test, cookie)
  const response = await test.request({
    method: 'POST',
    url: '/api/documents/sign',
    cookie,
    payload: {
      documentId: id,
      signatureType: 'drawn',
      signatureData: signatureDataUrl(),
      signerRole: 'agent',
    },
  })
  if (response.statusCode !== 200) throw new Error(`sign failed: ${response.statusCode} ${response.body}`)
  return response.json() as {
    signatureId: string
    documentId: string
    signedDocumentUrl: string
    sha256: string
  }
}
