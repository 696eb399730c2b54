import { z } from 'zod'
import { SIGNER_ROLES } from '../domain/esigning.ts'
import { defineCall } from './call.ts'
import { PlacementSchema, SignatureTypeSchema } from './esigning.contract.ts'
import { ESIGNING_TEXTS } from './esigning-texts.ts'

/**
 * Signing by a one-time link, without an account. The token travels in the page's fragment and
 * then in request bodies, never in a URL the server sees (logs, referrers).
 */
const TokenSchema = z.string().trim().min(20).max(200)

export const LinkDocumentSchema = z.object({
  name: z.string(),
  fileName: z.string(),
  agencyName: z.string(),
  senderName: z.string(),
  customMessage: z.string(),
  /** SHA-256 of the document the signer reviews (the original, or the last sealed version). */
  sha256: z.string(),
})

export const LinkStateSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ready'),
    document: LinkDocumentSchema,
    signer: z.object({
      name: z.string(),
      email: z.string(),
      role: z.enum(SIGNER_ROLES),
      signingOrder: z.number().int(),
    }),
    consent: z.object({ version: z.string(), accepted: z.boolean() }),
  }),
  z.object({ status: z.enum(['used', 'expired', 'waiting']), message: z.string() }),
])
export type LinkState = z.infer<typeof LinkStateSchema>

export const openSigningLinkCall = defineCall({
  method: 'POST',
  path: '/api/esigning/links/open',
  body: z.object({ token: TokenSchema }),
  response: LinkStateSchema,
})

export const acceptLinkConsentCall = defineCall({
  method: 'POST',
  path: '/api/esigning/links/consent',
  body: z.object({ token: TokenSchema, version: z.string().max(64) }),
  response: z.object({ accepted: z.literal(true) }),
})

export const signByLinkCall = defineCall({
  method: 'POST',
  path: '/api/esigning/links/sign',
  body: z.object({
    token: TokenSchema,
    signatureType: SignatureTypeSchema,
    signatureData: z.string().min(1, ESIGNING_TEXTS.signatureRequiredSubmit),
    placement: PlacementSchema.optional(),
  }),
  response: z.object({ success: z.literal(true), signatureId: z.string(), completed: z.boolean() }),
})

/** The document to review, as a PDF attachment (a POST: the token is in the body). */
export const LINK_DOCUMENT_PATH = '/api/esigning/links/document'

/** What the public verify page may say: validity, and who signed when, nothing else. */
export const PublicVerificationSchema = z.object({
  matched: z.boolean(),
  isValid: z.boolean(),
  message: z.string(),
  signatures: z.array(z.object({ signerName: z.string(), signedAt: z.string() })),
})
export type PublicVerification = z.infer<typeof PublicVerificationSchema>

/** POST a PDF (multipart, field `file`) to learn whether it is a document signed here, unmodified. */
export const publicVerifyUploadCall = defineCall({
  method: 'POST',
  path: '/api/esigning/public/verify',
  response: PublicVerificationSchema,
})

/** The certificate page's QR code: one signature by its id. */
export const publicVerifyByIdCall = defineCall({
  method: 'GET',
  path: '/api/esigning/public/verify/:signatureId',
  params: z.object({ signatureId: z.uuid({ message: 'Not found' }) }),
  response: PublicVerificationSchema,
})

export const PUBLIC_VERIFY_TEXTS = {
  title: 'Verify a signed document',
  intro:
    'Upload a PDF signed with Agency Back Office to check it is a document on record and has not been changed since it was signed.',
  matched: 'This document matches a signed document on record and has not been modified since it was sealed.',
  modified:
    'This document names a signature on record, but its contents differ from the document that was signed: it was modified after signing.',
  unknown: 'No signed document on record matches this file. It was modified, or it was not signed here.',
  badSeal: 'This document matches our records, but its digital seal does not verify.',
  idValid: 'This signature is on record and its signed document is intact.',
  idInvalid:
    'This signature is on record, but its evidence no longer verifies: it may have been tampered with.',
  notPdf: 'Upload the signed PDF (a .pdf file).',
} as const
