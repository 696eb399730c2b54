import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { ESIGN_DISCLOSURE, ESIGNING_TEXTS, SIGNING_LINK_TEXTS } from '#shared/contracts/esigning-texts.ts'
import { TEST_CIPHER } from '#test/build-test-app.ts'
import { type DeliveryHarness, startDeliveryHarness } from '#test/delivery-harness.ts'
import { signatureDataUrl, uploadedForSigning } from '#test/esigning-fixtures.ts'
import { signUp } from '#test/factories.ts'
import { pdfsig, pdftotext } from '#test/poppler.ts'
import { type SmtpSink, startSmtpSink } from '#test/smtp-sink.ts'
import { esignSignatures, esignSigners } from './esigning.table.ts'

let sink: SmtpSink
let harness: DeliveryHarness
beforeAll(async () => {
  sink = await startSmtpSink()
  harness = await startDeliveryHarness({ smtpUrl: sink.url })
  harness.startWorker()
})
afterAll(async () => {
  await harness.close()
  await sink.close()
})

/** A message's text with quoted-printable soft breaks and escapes undone. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

async function linkMailedTo(email: string, after = 0): Promise<string> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const message = sink.messages
      .slice(after)
      .find((each) => each.to.includes(email) && decoded(each.raw).includes('Review and sign:'))
    if (message) return /\/sign#([A-Za-z0-9_-]{43})/.exec(decoded(message.raw))![1]!
    if (Date.now() > deadline) throw new Error(`no signing link mailed to ${email}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const post = (url: string, payload: object) => harness.test.request({ method: 'POST', url, payload })
const open = (token: string) => post('/api/esigning/links/open', { token })
const consent = (token: string) =>
  post('/api/esigning/links/consent', { token, version: ESIGN_DISCLOSURE.version })
const sign = (token: string) =>
  post('/api/esigning/links/sign', {
    token,
    signatureType: 'drawn',
    signatureData: signatureDataUrl(3),
    // Not the signer's: a link signs as its own signer whatever the body says.
    signerName: 'Mallory',
    signerEmail: 'mallory@example.com',
  })

async function sendToTwo(cookie: string, documentId: string) {
  const response = await harness.test.request({
    method: 'POST',
    url: '/api/esigning/send-document',
    cookie,
    payload: {
      documentId,
      documentType: 'carrier_agreement',
      customMessage: 'Please sign by Friday.',
      securityLevel: 'enhanced',
      signers: [
        { name: 'Blake Second', email: 'blake@example.com', role: 'carrier_rep', signingOrder: 2 },
        { name: 'Avery First', email: 'avery@example.com', role: 'client', signingOrder: 1 },
      ],
    },
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

describe('signing by email, in order', () => {
  it('mails each signer in turn a one-time link, then everyone the sealed PDF', {
    timeout: 60_000,
  }, async () => {
    const { test } = harness
    const sender = await signUp(test)
    const { id } = await uploadedForSigning(test, sender.cookie)
    const sent = await sendToTwo(sender.cookie, id)
    expect(sent.signers.map((s: { email: string; status: string }) => [s.email, s.status])).toEqual([
      ['avery@example.com', 'sent'],
      ['blake@example.com', 'waiting'],
    ])
    const averyToken = await linkMailedTo('avery@example.com')

    // Blake's link exists (sealed at rest) but is not usable before Avery has signed.
    const [blake] = await test.db
      .select()
      .from(esignSigners)
      .where(eq(esignSigners.email, 'blake@example.com'))
    const blakeToken = TEST_CIPHER.decrypt(blake!.tokenSealed!)
    expect((await open(blakeToken)).json()).toEqual({
      status: 'waiting',
      message: SIGNING_LINK_TEXTS.waiting,
    })
    expect((await sign(blakeToken)).json()).toEqual({ message: SIGNING_LINK_TEXTS.waiting })

    const opened = (await open(averyToken)).json()
    expect(opened).toMatchObject({
      status: 'ready',
      signer: { name: 'Avery First', email: 'avery@example.com', role: 'client', signingOrder: 1 },
      document: { name: 'Carrier agreement', customMessage: 'Please sign by Friday.' },
      consent: { accepted: false },
    })
    const unconsented = await sign(averyToken)
    expect(unconsented.statusCode).toBe(409)
    expect(unconsented.json()).toEqual({ message: ESIGNING_TEXTS.consentRequired })
    expect((await consent(averyToken)).json()).toEqual({ accepted: true })
    const averySigned = await sign(averyToken)
    expect(averySigned.statusCode, averySigned.body).toBe(200)
    expect(averySigned.json()).toMatchObject({ success: true, completed: false })
    const [record] = await test.db
      .select()
      .from(esignSignatures)
      .where(eq(esignSignatures.id, averySigned.json().signatureId))
    expect(record).toMatchObject({
      signerName: 'Avery First',
      signerEmail: 'avery@example.com',
      userId: null,
    })

    // Once used, the link says so, and cannot sign again.
    expect((await open(averyToken)).json()).toEqual({ status: 'used', message: SIGNING_LINK_TEXTS.used })
    expect((await sign(averyToken)).statusCode).toBe(409)

    const list = await test.request({ method: 'GET', url: '/api/esigning/documents', cookie: sender.cookie })
    const signers = list.json().documents[0].signers
    expect(signers.map((s: { status: string }) => s.status)).toEqual(['signed', 'sent'])

    const blakeMailed = await linkMailedTo('blake@example.com')
    expect(blakeMailed).toBe(blakeToken)
    await consent(blakeToken)
    const blakeSigned = (await sign(blakeToken)).json()
    expect(blakeSigned).toMatchObject({ success: true, completed: true })

    const completedMail = () =>
      sink.messages.filter((message) => decoded(message.raw).includes('has been signed by everyone'))
    await expect.poll(() => completedMail().length, { timeout: 10_000 }).toBe(3)
    const completed = completedMail()
    expect(completed.flatMap((message) => message.to).sort()).toEqual(
      ['avery@example.com', 'blake@example.com', sender.email].sort(),
    )
    for (const message of completed) expect(message.raw).toMatch(/Content-Type: application\/pdf/)

    const done = (
      await test.request({ method: 'GET', url: '/api/esigning/documents', cookie: sender.cookie })
    ).json().documents[0]
    expect(done).toMatchObject({ status: 'completed', provider: 'email' })
    expect(done.signers.map((s: { status: string }) => s.status)).toEqual(['signed', 'signed'])
    const pdf = (await test.request({ method: 'GET', url: done.signedUrl, cookie: sender.cookie })).rawPayload
    expect(pdfsig(pdf)).toContain('Signature is Valid.')
    const text = pdftotext(pdf).replace(/\s+/g, ' ')
    expect(text).toContain('Signer 1: Avery First')
    expect(text).toContain('Signer 2: Blake Second')
    expect(text).toContain('Signed through a one-time link emailed to blake@example.com')

    const actions = (
      await test.db.select().from(auditEvents).where(eq(auditEvents.agencyId, sender.user.agencyId))
    ).map((event) => event.action)
    for (const action of [
      'esign.document_sent',
      'esign.link_opened',
      'esign.link_consent_accepted',
      'esign.link_signed',
      'esign.document_completed',
    ]) {
      expect(actions).toContain(action)
    }
  })

  it('shows an expired link as expired, and an unknown one as not valid', async () => {
    const { test } = harness
    const sender = await signUp(test)
    const { id } = await uploadedForSigning(test, sender.cookie)
    const before = sink.messages.length
    await sendToTwo(sender.cookie, id)
    const token = await linkMailedTo('avery@example.com', before)
    await test.db
      .update(esignSigners)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(esignSigners.signingDocumentId, id), eq(esignSigners.signingOrder, 1)))
    expect((await open(token)).json()).toEqual({ status: 'expired', message: SIGNING_LINK_TEXTS.expired })
    expect((await consent(token)).statusCode).toBe(409)
    const list = await test.request({ method: 'GET', url: '/api/esigning/documents', cookie: sender.cookie })
    expect(list.json().documents[0].signers[0].status).toBe('expired')
    const unknown = await open('x'.repeat(43))
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ message: SIGNING_LINK_TEXTS.invalid })
  })

  it('refuses signers out of order or sharing an email, a document sent twice, and an unconfigured provider', async () => {
    const { test } = harness
    const sender = await signUp(test)
    const { id } = await uploadedForSigning(test, sender.cookie)
    const send = (payload: object) =>
      test.request({ method: 'POST', url: '/api/esigning/send-document', cookie: sender.cookie, payload })
    const gap = await send({
      documentId: id,
      signers: [
        { name: 'A', email: 'a@example.com', role: 'client', signingOrder: 1 },
        { name: 'B', email: 'b@example.com', role: 'client', signingOrder: 3 },
      ],
    })
    expect(gap.statusCode).toBe(400)
    expect(gap.json().message).toBe(ESIGNING_TEXTS.signingOrder)
    const twice = await send({
      documentId: id,
      signers: [
        { name: 'A', email: 'a@example.com', role: 'client', signingOrder: 1 },
        { name: 'B', email: 'A@example.com', role: 'client', signingOrder: 2 },
      ],
    })
    expect(twice.json().message).toBe(ESIGNING_TEXTS.signerEmailTaken)
    const provider = await send({
      documentId: id,
      provider: 'hellosign',
      signers: [{ name: 'A', email: 'a@example.com', role: 'client', signingOrder: 1 }],
    })
    expect(provider.statusCode).toBe(400)
    expect(provider.json().message).toBe(ESIGNING_TEXTS.providerRequired)
    const one = {
      documentId: id,
      signers: [{ name: 'A', email: 'a@example.com', role: 'client', signingOrder: 1 }],
    }
    expect((await send(one)).statusCode).toBe(200)
    const again = await send(one)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ message: ESIGNING_TEXTS.sentForSignature })
  })
})
