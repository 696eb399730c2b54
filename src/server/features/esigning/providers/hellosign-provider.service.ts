import { createHmac, timingSafeEqual } from 'node:crypto'
import { AppError } from '#server/platform/app-error.ts'
import type { ProviderAccepted, ProviderRequest, SigningProvider } from './signing-provider.service.ts'

export interface HelloSignOptions {
  apiKey?: string
  /** https://api.hellosign.com unless said (a test points it at a fake on loopback). */
  apiUrl: string
  /** Requests in Dropbox Sign's test mode: not legally binding, free. */
  testMode: boolean
  timeoutMs?: number
}

interface SignatureRequestAnswer {
  signature_request?: {
    signature_request_id?: string
    signatures?: { signature_id?: string; signer_email_address?: string }[]
  }
  error?: { error_msg?: string; error_name?: string }
}

function failure(message: string): AppError {
  return new AppError('UPSTREAM_UNAVAILABLE', { message: `Dropbox Sign: ${message}` })
}

/**
 * Dropbox Sign (HelloSign) API v3: a signature request with the file and its signers in order
 * (signature_request/send), the completed PDF (signature_request/files), callbacks checked by
 * their event hash. Authenticated with the API key as the basic-auth user.
 */
export function createHelloSignProvider(options: HelloSignOptions): SigningProvider {
  const base = options.apiUrl.replace(/\/$/, '')
  const authorization = `Basic ${Buffer.from(`${options.apiKey ?? ''}:`).toString('base64')}`
  const timeout = () => AbortSignal.timeout(options.timeoutMs ?? 15_000)

  async function call(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${base}${path}`, {
        ...init,
        headers: { authorization, ...init.headers },
        signal: timeout(),
      })
    } catch (error) {
      throw failure(`the service could not be reached (${(error as Error).name}). Try again later.`)
    }
  }

  return {
    id: 'hellosign',
    configured: Boolean(options.apiKey),
    async send(request: ProviderRequest): Promise<ProviderAccepted> {
      const form = new FormData()
      form.append('title', request.title)
      form.append('subject', `Please sign: ${request.title}`)
      form.append('message', request.message || `Please review and sign ${request.title}.`)
      request.signers.forEach((signer, index) => {
        form.append(`signers[${index}][name]`, signer.name)
        form.append(`signers[${index}][email_address]`, signer.email)
        // Dropbox Sign counts the order from 0.
        form.append(`signers[${index}][order]`, String(signer.signingOrder - 1))
      })
      form.append(
        'files[0]',
        new Blob([new Uint8Array(request.bytes)], { type: request.contentType }),
        request.fileName,
      )
      form.append('metadata[signing_document_id]', request.signingDocumentId)
      form.append('test_mode', options.testMode ? '1' : '0')
      const response = await call('/v3/signature_request/send', { method: 'POST', body: form })
      const answer = (await response.json().catch(() => ({}))) as SignatureRequestAnswer
      if (!response.ok)
        throw failure(answer.error?.error_msg ?? `the request was refused (${response.status})`)
      const requestId = answer.signature_request?.signature_request_id
      if (!requestId) throw failure('the answer named no signature request')
      return {
        requestId,
        signers: (answer.signature_request?.signatures ?? []).flatMap((signature) =>
          signature.signature_id && signature.signer_email_address
            ? [
                {
                  email: signature.signer_email_address.toLowerCase(),
                  providerSignatureId: signature.signature_id,
                },
              ]
            : [],
        ),
      }
    },
    async downloadCompleted(requestId: string): Promise<Buffer> {
      const response = await call(
        `/v3/signature_request/files/${encodeURIComponent(requestId)}?file_type=pdf`,
        {
          method: 'GET',
        },
      )
      if (!response.ok) throw failure(`the completed document could not be fetched (${response.status})`)
      return Buffer.from(await response.arrayBuffer())
    },
  }
}

/** A callback's event hash: HMAC-SHA256 of event_time then event_type, keyed by the API key. */
export function helloSignEventHash(apiKey: string, eventTime: string, eventType: string): string {
  return createHmac('sha256', apiKey).update(`${eventTime}${eventType}`).digest('hex')
}

export function isAuthenticHelloSignEvent(
  apiKey: string,
  event: { event_time?: string; event_type?: string; event_hash?: string },
): boolean {
  if (!event.event_time || !event.event_type || !event.event_hash) return false
  const expected = Buffer.from(helloSignEventHash(apiKey, event.event_time, event.event_type), 'hex')
  const given = Buffer.from(event.event_hash, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
