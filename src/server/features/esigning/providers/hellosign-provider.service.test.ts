import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ESIGNING_TEXTS } from '#shared/contracts/esigning-texts.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { pdfOf, uploadedForSigning } from '#test/esigning-fixtures.ts'
import { signUp } from '#test/factories.ts'
import { type FakeHelloSign, helloSignCallback, startFakeHelloSign } from '#test/fake-hellosign.ts'
import { auditActionsOf } from '#test/recorded.ts'

let fake: FakeHelloSign
let test: TestApp
beforeAll(async () => {
  fake = await startFakeHelloSign({
    apiKey: 'hs-test-key',
    completedPdf: await pdfOf(1, 'Completed by Dropbox Sign'),
  })
  test = await buildTestApp({
    env: { HELLOSIGN_API_KEY: fake.apiKey, HELLOSIGN_API_URL: fake.url, HELLOSIGN_TEST_MODE: 'true' },
  })
})
afterAll(async () => {
  await test.close()
  await fake.close()
})

const SIGNERS = [
  { name: 'Avery First', email: 'avery@example.com', role: 'client', signingOrder: 1 },
  { name: 'Blake Second', email: 'blake@example.com', role: 'agent', signingOrder: 2 },
]

const callback = (event: Parameters<typeof helloSignCallback>[1]) =>
  test.app.inject({
    method: 'POST',
    url: '/api/esigning/providers/hellosign/callback',
    ...helloSignCallback(fake.apiKey, event),
  })

async function documentOf(cookie: string) {
  const list = await test.request({ method: 'GET', url: '/api/esigning/documents', cookie })
  return list.json().documents[0]
}

describe('Dropbox Sign (HelloSign)', () => {
  it('is offered as configured once its key is set', async () => {
    const user = await signUp(test)
    const response = await test.request({
      method: 'GET',
      url: '/api/esigning/providers',
      cookie: user.cookie,
    })
    expect(response.json().providers).toContainEqual({
      id: 'hellosign',
      label: 'Dropbox Sign (HelloSign)',
      configured: true,
    })
    expect(response.json().providers).toContainEqual(
      expect.objectContaining({ id: 'docusign', configured: false }),
    )
  })

  it('sends the file and the signers in order, then follows the callbacks to the completed PDF', async () => {
    const user = await signUp(test)
    const original = await pdfOf(2)
    const { id } = await uploadedForSigning(test, user.cookie, { content: original })
    const response = await test.request({
      method: 'POST',
      url: '/api/esigning/send-document',
      cookie: user.cookie,
      payload: { documentId: id, provider: 'hellosign', signers: SIGNERS, customMessage: 'Thanks!' },
    })
    expect(response.statusCode, response.body).toBe(200)
    const request = fake.sent.at(-1)!
    expect(request.file!.bytes.equals(original)).toBe(true)
    expect(request.fields).toMatchObject({
      title: 'Carrier agreement',
      message: 'Thanks!',
      'signers[0][name]': 'Avery First',
      'signers[0][email_address]': 'avery@example.com',
      'signers[0][order]': '0',
      'signers[1][email_address]': 'blake@example.com',
      'signers[1][order]': '1',
      test_mode: '1',
      'metadata[signing_document_id]': id,
    })
    const requestId = `fake${fake.sent.length}`
    expect((await documentOf(user.cookie)).signers.map((s: { status: string }) => s.status)).toEqual([
      'sent',
      'waiting',
    ])

    const forged = await callback({
      type: 'signature_request_signed',
      requestId,
      signatureId: `${requestId}-sig0`,
      forged: true,
    })
    expect(forged.statusCode).toBe(401)
    const signed = await callback({
      type: 'signature_request_signed',
      requestId,
      signatureId: `${requestId}-sig0`,
    })
    expect(signed.statusCode).toBe(200)
    expect(signed.body).toBe('Hello API Event Received')
    expect((await documentOf(user.cookie)).signers.map((s: { status: string }) => s.status)).toEqual([
      'signed',
      'sent',
    ])
    await callback({ type: 'signature_request_signed', requestId, signatureId: `${requestId}-sig1` })
    await callback({ type: 'signature_request_all_signed', requestId })
    const done = await documentOf(user.cookie)
    expect(done).toMatchObject({ status: 'completed', provider: 'hellosign' })
    const pdf = await test.request({ method: 'GET', url: done.signedUrl, cookie: user.cookie })
    expect(pdf.rawPayload.equals(fake.completedPdf)).toBe(true)
    expect(await auditActionsOf(test, user.user.id)).toContain('esign.document_sent')
  })

  it('answers a refusal from Dropbox Sign with its reason and records nothing', async () => {
    const user = await signUp(test)
    const { id } = await uploadedForSigning(test, user.cookie)
    fake.refuseNext(400, 'Signer email is not valid')
    const response = await test.request({
      method: 'POST',
      url: '/api/esigning/send-document',
      cookie: user.cookie,
      payload: { documentId: id, provider: 'hellosign', signers: SIGNERS },
    })
    expect(response.statusCode).toBe(502)
    expect(response.json()).toEqual({ message: 'Dropbox Sign: Signer email is not valid' })
    expect(await documentOf(user.cookie)).toMatchObject({ provider: null, signers: [] })
  })

  it('is not offered, and sending through it is refused, without a key', async () => {
    const bare = await buildTestApp()
    try {
      const user = await signUp(bare)
      const list = await bare.request({ method: 'GET', url: '/api/esigning/providers', cookie: user.cookie })
      expect(list.json().providers).toContainEqual({
        id: 'hellosign',
        label: 'Dropbox Sign (HelloSign)',
        configured: false,
      })
      const { id } = await uploadedForSigning(bare, user.cookie)
      const response = await bare.request({
        method: 'POST',
        url: '/api/esigning/send-document',
        cookie: user.cookie,
        payload: { documentId: id, provider: 'hellosign', signers: SIGNERS },
      })
      expect(response.json()).toEqual({
        message: ESIGNING_TEXTS.providerRequired,
        errors: [{ path: 'provider', message: ESIGNING_TEXTS.providerRequired }],
      })
    } finally {
      await bare.close()
    }
  })
})
