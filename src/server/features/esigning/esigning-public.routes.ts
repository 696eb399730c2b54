import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '#server/platform/app-error.ts'
import { requestMeta } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import { receiveFilePart } from '#server/platform/uploads.ts'
import {
  acceptLinkConsentCall,
  LINK_DOCUMENT_PATH,
  openSigningLinkCall,
  PUBLIC_VERIFY_TEXTS,
  publicVerifyByIdCall,
  publicVerifyUploadCall,
  signByLinkCall,
} from '#shared/contracts/esigning-links.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { attachmentDisposition } from '../documents/file-names.service.ts'
import { SIGNATURE_BODY_LIMIT } from './esigning.routes.ts'
import type { EsigningDeps } from './esigning-deps.service.ts'
import { openLinkDocument } from './open-link-document.ts'
import { LARGEST_SIGNED_BYTES } from './pdf/build-signed-pdf.ts'
import {
  HELLOSIGN_ACK,
  type HelloSignEvent,
  handleHelloSignEvent,
} from './providers/handle-hellosign-event.ts'
import { signByLink } from './sign-by-link.ts'
import { acceptLinkConsent, openSigningLink } from './signing-links.service.ts'
import { verifyPublicById } from './verify-signature.ts'
import { verifyUploadedPdf } from './verify-uploaded-pdf.ts'

const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', { message: GENERIC_MESSAGES.tooLarge, headers: { connection: 'close' } })

async function readWhole(request: FastifyRequest): Promise<Buffer> {
  const file = await receiveFilePart(request, { field: 'file', noFile: PUBLIC_VERIFY_TEXTS.notPdf, tooLarge })
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of file.stream) {
    size += (chunk as Buffer).length
    if (size > LARGEST_SIGNED_BYTES) throw tooLarge()
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/** A Dropbox Sign callback's payload: the `json` field of its form (or a JSON body). */
async function readCallback(request: FastifyRequest): Promise<HelloSignEvent> {
  if (!request.isMultipart()) return (request.body ?? {}) as HelloSignEvent
  for await (const part of request.parts()) {
    if (part.type === 'field' && part.fieldname === 'json' && typeof part.value === 'string') {
      try {
        return JSON.parse(part.value) as HelloSignEvent
      } catch {
        throw new AppError('INVALID_INPUT', { message: GENERIC_MESSAGES.invalidJson })
      }
    }
    if (part.type === 'file') part.file.resume()
  }
  return {}
}

/**
 * What needs no account: a signer's one-time link (the token proves who), the public verify page,
 * and Dropbox Sign's callbacks (proved by their event hash).
 */
export function esigningPublicRoutes(
  app: FastifyInstance,
  deps: EsigningDeps & { helloSignApiKey?: string },
) {
  const config = { public: true }
  registerCall(app, openSigningLinkCall, config, async ({ raw, body }) =>
    openSigningLink(deps.db, requestMeta(raw), body.token),
  )
  registerCall(app, acceptLinkConsentCall, config, async ({ raw, body }) =>
    acceptLinkConsent(deps.db, requestMeta(raw), body),
  )
  registerCall(
    app,
    signByLinkCall,
    config,
    async ({ raw, body }) => signByLink(deps, requestMeta(raw), body),
    {
      bodyLimit: SIGNATURE_BODY_LIMIT,
    },
  )
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      LINK_DOCUMENT_PATH,
      { schema: { body: z.object({ token: z.string().min(20).max(200) }) }, config, compress: false },
      async (request, reply) => {
        const file = await openLinkDocument(deps.db, deps.storage, requestMeta(request), request.body.token)
        return reply
          .header('content-type', file.contentType)
          .header('content-length', file.sizeBytes)
          .header('content-disposition', attachmentDisposition(file.fileName))
          .header('x-content-type-options', 'nosniff')
          .send(file.content)
      },
    )
  registerCall(app, publicVerifyUploadCall, config, async ({ raw }) =>
    verifyUploadedPdf(deps, requestMeta(raw), await readWhole(raw)),
  )
  registerCall(app, publicVerifyByIdCall, config, async ({ raw, params }) =>
    verifyPublicById(deps, requestMeta(raw), params.signatureId),
  )
  app.post(
    '/api/esigning/providers/hellosign/callback',
    { config: { public: true, signed: true } },
    async (request, reply) => {
      const provider = deps.providers.get('hellosign')
      if (!provider || !deps.helloSignApiKey)
        return reply.status(404).send({ message: GENERIC_MESSAGES.notFound })
      const outcome = await handleHelloSignEvent(
        { db: deps.db, storage: deps.storage, apiKey: deps.helloSignApiKey, provider },
        requestMeta(request),
        await readCallback(request),
      )
      if (outcome === 'forged') return reply.status(401).send({ message: GENERIC_MESSAGES.unauthorized })
      return reply.type('text/plain').send(HELLOSIGN_ACK)
    },
  )
}
