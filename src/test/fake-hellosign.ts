import { once } from 'node:events'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { helloSignEventHash } from '#server/features/esigning/providers/hellosign-provider.service.ts'

export interface SentRequest {
  authorization: string | undefined
  fields: Record<string, string>
  file: { name: string; type: string; bytes: Buffer } | null
}

export interface FakeHelloSign {
  url: string
  apiKey: string
  sent: SentRequest[]
  /** The next send is refused with this status and Dropbox Sign's error body. */
  refuseNext(status: number, message: string): void
  /** What signature_request/files answers (the completed PDF). */
  completedPdf: Buffer
  close(): Promise<void>
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/**
 * Dropbox Sign's API v3 on loopback, as far as the adapter uses it: signature_request/send
 * (multipart, basic auth with the API key as user) and signature_request/files.
 */
export async function startFakeHelloSign(options: {
  apiKey: string
  completedPdf: Buffer
}): Promise<FakeHelloSign> {
  const sent: SentRequest[] = []
  let refusal: { status: number; message: string } | null = null
  const expected = `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`
  const server = createServer(async (req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const body = await bodyOf(req)
    if (req.headers.authorization !== expected)
      return json(401, { error: { error_name: 'unauthorized', error_msg: 'Unauthorized api key' } })
    const url = new URL(req.url ?? '/', 'http://fake')
    if (req.method === 'POST' && url.pathname === '/v3/signature_request/send') {
      const form = await new Request('http://fake', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: new Uint8Array(body),
      }).formData()
      const fields: Record<string, string> = {}
      let file: SentRequest['file'] = null
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') fields[name] = value
        else file = { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) }
      }
      sent.push({ authorization: req.headers.authorization, fields, file })
      if (refusal) {
        const { status, message } = refusal
        refusal = null
        return json(status, { error: { error_name: 'bad_request', error_msg: message } })
      }
      const id = `fake${sent.length}`
      const signers = Object.keys(fields).filter((key) => /^signers\[\d+\]\[email_address\]$/.test(key))
      return json(200, {
        signature_request: {
          signature_request_id: id,
          signatures: signers.map((key, index) => ({
            signature_id: `${id}-sig${index}`,
            signer_email_address: fields[key],
            status_code: 'awaiting_signature',
          })),
        },
      })
    }
    if (req.method === 'GET' && url.pathname.startsWith('/v3/signature_request/files/')) {
      res.writeHead(200, { 'content-type': 'application/pdf' })
      return res.end(options.completedPdf)
    }
    return json(404, { error: { error_name: 'not_found', error_msg: 'Not found' } })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey: options.apiKey,
    sent,
    completedPdf: options.completedPdf,
    refuseNext(status, message) {
      refusal = { status, message }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A callback as Dropbox Sign posts it: a form whose `json` field holds the event. */
export function helloSignCallback(
  apiKey: string,
  event: { type: string; requestId: string; signatureId?: string; forged?: boolean },
) {
  const time = String(Math.floor(Date.now() / 1000))
  const payload = {
    event: {
      event_type: event.type,
      event_time: time,
      event_hash: event.forged ? '0'.repeat(64) : helloSignEventHash(apiKey, time, event.type),
      event_metadata: { related_signature_id: event.signatureId ?? null },
    },
    signature_request: { signature_request_id: event.requestId },
  }
  const boundary = '----hellosign-callback'
  return {
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="json"\r\n\r\n${JSON.stringify(payload)}\r\n--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}
