import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UPLOAD_PATH, UPLOAD_TEXTS } from '#shared/contracts/documents.contract.ts'
import { fileTooLargeMessage, invalidFileTypeMessage } from '#shared/domain/document-types.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { leftBehind, samples, type UploadForm, uploadBody } from '#test/file-fixtures.ts'

const MB = 1024 * 1024

let test: TestApp
let user: SignedInUser
let base: string

beforeAll(async () => {
  test = await buildTestApp()
  user = await signUp(test)
  await test.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`
})
afterAll(() => test.close())

/** Sent over a real socket in 64 KB pieces, as a browser streams a file while the server answers. */
async function send(form: UploadForm) {
  const { payload, headers } = uploadBody(form)
  async function* pieces() {
    for (let at = 0; at < payload.length; at += 64 * 1024) yield payload.subarray(at, at + 64 * 1024)
  }
  const response = await fetch(`${base}${UPLOAD_PATH}`, {
    method: 'POST',
    headers: { ...headers, origin: base, cookie: user.cookie },
    body: pieces() as unknown as BodyInit,
    duplex: 'half',
  } as RequestInit)
  return { status: response.status, body: await response.json() }
}

describe('a refused upload over a socket', () => {
  it.each([
    [
      'a file past every limit',
      { documentType: 'additional_docs', content: samples.pdf(12 * MB) },
      413,
      fileTooLargeMessage('additional_docs', 10 * MB + 64 * 1024),
    ],
    [
      'a file over its type’s limit',
      { documentType: 'voided_check', content: samples.png(3 * MB) },
      413,
      fileTooLargeMessage('voided_check', 3 * MB),
    ],
    [
      'a program named .pdf',
      { documentType: 'w9', content: samples.exe(4 * MB) },
      415,
      invalidFileTypeMessage('w9', 'application/x-msdownload'),
    ],
    ['a file without its type', { content: samples.pdf(4 * MB) }, 400, UPLOAD_TEXTS.documentType],
  ])('gets its answer while still sending: %s', async (_case, form, status, message) => {
    const answer = await send(form)
    expect(answer.status).toBe(status)
    expect(answer.body.message).toBe(message)
    expect(await leftBehind(test, user)).toEqual({ rows: [], objects: [] })
    const next = await send({ documentType: 'w9', content: samples.pdf(100_000) })
    expect(next.status, JSON.stringify(next.body)).toBe(201)
    await test.request({ method: 'DELETE', url: `/api/documents/${next.body.id}`, cookie: user.cookie })
  })
})
