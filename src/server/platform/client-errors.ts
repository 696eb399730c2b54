import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import { GENERIC_MESSAGES } from '#shared/errors.ts'

const ANSWERS: Record<string, [status: number, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, GENERIC_MESSAGES.headersTooLarge],
  ERR_HTTP_REQUEST_TIMEOUT: [408, GENERIC_MESSAGES.slowRequest],
}

/**
 * Fastify's clientErrorHandler: a request the HTTP parser refuses never reaches a route (a browser
 * that stopped mid-upload short of its Content-Length, bytes that are not HTTP). It is answered in
 * our error shape, `{message}`, instead of Fastify's generic "Client Error", and the connection
 * closes. A client that is already gone gets nothing.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy()
    return
  }
  const [status, message] = ANSWERS[error.code ?? ''] ?? [400, GENERIC_MESSAGES.malformedRequest]
  const body = JSON.stringify({ message })
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  )
}
