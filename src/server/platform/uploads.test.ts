import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  clientsOf,
  csvOf,
  HEADER,
  multipartBody,
} from '#server/features/client-import/client-import.test-support.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { buildTestApp, TEST_ORIGIN, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { MALFORMED_UPLOAD_MESSAGE } from './uploads.ts'

let test: TestApp
let owner: SignedInUser
beforeAll(async () => {
  test = await buildTestApp()
  owner = await signUp(test)
})
afterAll(() => test.close())

const rows = Array.from({ length: 40 }, (_, i) => [`Ann${i}`, 'Lee', `ann${i}@example.com`, '5551234567'])
const whole = multipartBody('clients.csv', csvOf([HEADER, ...rows]))

const upload = (payload: Buffer | string, headers: Record<string, string> = whole.headers) =>
  test.request({ method: 'POST', url: '/api/clients/import', cookie: owner.cookie, payload, headers })

describe('a malformed or truncated multipart body (the client import, the one upload route today)', () => {
  it.each([
    ['cut off inside the file', whole.payload.subarray(0, whole.payload.length - 200)],
    ['cut off before the closing boundary', whole.payload.subarray(0, whole.payload.length - 4)],
    ['cut off inside the part headers', whole.payload.subarray(0, 50)],
    ['not multipart at all', 'hello there'],
  ])('%s answers 400 with a clear message and saves nothing', async (_case, payload) => {
    const response = await upload(payload)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: MALFORMED_UPLOAD_MESSAGE })
    expect(await clientsOf(test, owner)).toEqual([])
  })

  it('a form without its boundary answers 400 too', async () => {
    const response = await upload(whole.payload, { 'content-type': 'multipart/form-data' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: MALFORMED_UPLOAD_MESSAGE })
  })

  it('a browser that stops sending mid-upload gets a 400 over the socket, and the server goes on', async () => {
    await test.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = test.app.server.address() as { port: number }
    const sent = whole.payload.subarray(0, Math.floor(whole.payload.length / 2))
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1')
      let received = ''
      socket.on('data', (chunk) => {
        received += chunk.toString()
      })
      socket.on('end', () => resolve(received))
      socket.on('error', reject)
      socket.write(
        [
          'POST /api/clients/import HTTP/1.1',
          'Host: app.test',
          `Origin: ${TEST_ORIGIN}`,
          `Cookie: ${owner.cookie}`,
          `Content-Type: ${whole.headers['content-type']}`,
          // The browser announced the whole body, sent half, and gave up.
          `Content-Length: ${whole.payload.length}`,
          '',
          '',
        ].join('\r\n'),
      )
      socket.end(sent)
    })
    // Short of its Content-Length the request never reaches the route: the HTTP parser refuses it.
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    expect(answer.split('\r\n\r\n')[1]).toBe(JSON.stringify({ message: GENERIC_MESSAGES.malformedRequest }))
    expect(await clientsOf(test, owner)).toEqual([])
    const health = await test.request({ method: 'GET', url: '/api/health' })
    expect(health.statusCode).toBe(200)
  })
})
