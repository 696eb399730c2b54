import type { AddressInfo } from 'node:net'
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UPLOAD_PATH } from '#shared/contracts/documents.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { samples, uploadBody } from '#test/file-fixtures.ts'

const MB = 1024 * 1024

let test: TestApp
let throttled: TestApp
let user: SignedInUser
let port: number
let throttledPort: number

const listen = async (app: TestApp) => {
  await app.app.listen({ port: 0, host: '127.0.0.1' })
  return (app.app.server.address() as AddressInfo).port
}

beforeAll(async () => {
  test = await buildTestApp()
  throttled = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1' } })
  user = await signUp(test)
  port = await listen(test)
  throttledPort = await listen(throttled)
})
afterAll(async () => {
  await test.close()
  await throttled.close()
})

interface Sent {
  status: number
  body: string
  /** A write failed: the server closed while the client was still sending. */
  writeError?: string
  socket: Socket
}

/**
 * A plain client over a socket, as many API clients behave: it sends the headers, then the body
 * in 64 KB pieces without reading, and only then reads the answer.
 */
async function sendThenRead(at: number, head: string, body: Buffer): Promise<Sent> {
  const socket = connect(at, '127.0.0.1')
  await new Promise((resolve) => socket.once('connect', resolve))
  let received = ''
  socket.on('data', (chunk) => {
    received += chunk.toString('latin1')
  })
  let writeError: string | undefined
  socket.on('error', (error: NodeJS.ErrnoException) => {
    writeError = error.code
  })
  socket.write(`${head}Content-Length: ${body.length}\r\n\r\n`)
  await new Promise((resolve) => setTimeout(resolve, 50))
  for (let offset = 0; offset < body.length && !writeError; offset += 64 * 1024) {
    if (!socket.write(body.subarray(offset, offset + 64 * 1024))) {
      await new Promise((resolve) => socket.once('drain', resolve))
    }
  }
  const answered = () => /\r\n\r\n/.test(received) && received.length > received.indexOf('\r\n\r\n') + 4
  for (let waited = 0; !answered() && !writeError && waited < 5000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const [headers = '', text = ''] = received.split('\r\n\r\n')
  return { status: Number(headers.split(' ')[1] ?? 0), body: text, writeError, socket }
}

/** A file-first upload form of the given size, with the request head that goes with it. */
function upload(at: number, form: ReturnType<typeof uploadBody>, cookie?: string) {
  const head =
    `POST ${UPLOAD_PATH} HTTP/1.1\r\nHost: 127.0.0.1:${at}\r\nOrigin: http://127.0.0.1:${at}\r\n` +
    `Content-Type: ${form.headers['content-type']}\r\n${cookie ? `Cookie: ${cookie}\r\n` : ''}`
  return { head, body: form.payload }
}

const pdfForm = (size: number) =>
  uploadBody({ documentType: 'w9', content: samples.pdf(size), fileFirst: true })

describe('an answer given before the body is read still reaches a client that is sending', () => {
  it.each([100, 100_000, 5 * MB])('401 without a session, for a %d-byte file', async (size) => {
    const { head, body } = upload(port, pdfForm(size))
    const sent = await sendThenRead(port, head, body)
    expect(sent.writeError).toBeUndefined()
    expect(sent.status).toBe(401)
    expect(sent.body).toContain(GENERIC_MESSAGES.unauthorized)
    // The connection stays and serves the next request.
    sent.socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`)
    await new Promise((resolve) => setTimeout(resolve, 200))
    sent.socket.destroy()
  })

  it('403 for a cross-site upload', async () => {
    const { head, body } = upload(port, pdfForm(2 * MB))
    const sent = await sendThenRead(
      port,
      head.replace(/Origin: [^\r]+/, 'Origin: https://evil.example'),
      body,
    )
    expect(sent.writeError).toBeUndefined()
    expect(sent.status).toBe(403)
    sent.socket.destroy()
  })

  it('429 once the address is past its budget', async () => {
    const { cookie } = await signUp(throttled)
    // The address's one request of the minute (sign-up has a budget of its own).
    await throttled.request({ method: 'GET', url: '/api/documents', cookie })
    const { head, body } = upload(throttledPort, pdfForm(2 * MB), cookie)
    const sent = await sendThenRead(throttledPort, head, body)
    expect(sent.writeError).toBeUndefined()
    expect(sent.status).toBe(429)
    sent.socket.destroy()
  })

  it("413 with the type's message for a file over its type's limit, read mid-upload", async () => {
    const form = uploadBody({ documentType: 'voided_check', content: samples.png(3 * MB) })
    const { head, body } = upload(port, form, user.cookie)
    const sent = await sendThenRead(port, head, body)
    expect(sent.writeError).toBeUndefined()
    expect(sent.status).toBe(413)
    expect(sent.body).toContain('exceeds maximum size of 2MB')
    sent.socket.destroy()
  })
})
