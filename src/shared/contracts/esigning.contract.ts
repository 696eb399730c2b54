import { z } from 'zod'
import { COMPLIANCE_LEVELS, SIGNATURE_TYPES, SIGNER_ROLES } from '../domain/esigning.ts'
import { defineCall } from './call.ts'
import { ESIGNING_TEXTS } from './esigning-texts.ts'

/** 'Carrier Rep', 'carrier-rep' and 'carrier_rep' are one role: the plain readings a form sends. */
export const word = (value: unknown) =>
  typeof value === 'string'
    ? value
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_')
    : value
const TYPE_WORDS: Record<string, string> = { draw: 'drawn', type: 'typed', upload: 'uploaded' }

export const SignerRoleSchema = z.preprocess(word, z.enum(SIGNER_ROLES, { message: 'Choose a signer role' }))
export const SignatureTypeSchema = z.preprocess(
  (value) => {
    const plain = word(value)
    return typeof plain === 'string' ? (TYPE_WORDS[plain] ?? plain) : plain
  },
  z.enum(SIGNATURE_TYPES, { message: 'The signature type is drawn, typed or uploaded' }),
)
/** A data URL; what it holds is judged by its bytes on the server (PNG or JPEG, at most 2 MB). */
const SignatureDataSchema = z
  .string({ message: ESIGNING_TEXTS.signatureRequiredSubmit })
  .min(1, ESIGNING_TEXTS.signatureRequiredSubmit)
export const NameSchema = z.string().trim().min(1, 'Enter the signer’s name').max(200)
export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid email address').max(254))
export const DocumentIdSchema = z.uuid({
  message: 'documentId must be the id of a document uploaded for signing',
})

/** Where the signature goes: a page (from 1) and the box's top-left corner and width, as page fractions. */
export const PlacementSchema = z.object({
  page: z.coerce.number().int().min(1),
  x: z.coerce.number().min(0).max(0.95),
  y: z.coerce.number().min(0).max(0.95),
  width: z.coerce.number().min(0.05).max(1),
})
export type Placement = z.infer<typeof PlacementSchema>

/** What the browser reports about itself; the server records what it saw beside it. */
const ReportedSchema = {
  ipAddress: z.string().max(100).optional(),
  userAgent: z.string().max(512).optional(),
  timestamp: z.union([z.string().max(64), z.number()]).optional(),
}

/** Spec §3 signature creation payload; with a documentId the document is signed too. */
export const CreateSignatureInputSchema = z.object({
  signatureType: SignatureTypeSchema,
  signatureData: SignatureDataSchema,
  signerName: NameSchema.optional(),
  signerEmail: EmailSchema.optional(),
  signerRole: SignerRoleSchema.default('agent'),
  documentId: DocumentIdSchema.optional(),
  documentType: z.string().trim().max(64).optional(),
  placement: PlacementSchema.optional(),
  ...ReportedSchema,
})
export type CreateSignatureInput = z.infer<typeof CreateSignatureInputSchema>

export const createSignatureCall = defineCall({
  method: 'POST',
  path: '/api/esigning/create-signature',
  body: CreateSignatureInputSchema,
  status: 201,
  response: z.object({ success: z.literal(true), signatureId: z.string(), error: z.string().optional() }),
})

/** Spec §7: POST /api/documents/sign. */
export const SignDocumentInputSchema = CreateSignatureInputSchema.extend({ documentId: DocumentIdSchema })
export type SignDocumentInput = z.infer<typeof SignDocumentInputSchema>

export const SignedDocumentSchema = z.object({
  success: z.literal(true),
  signatureId: z.string(),
  documentId: z.string(),
  /** The sealed PDF's download. */
  signedDocumentUrl: z.string(),
  signedAt: z.string(),
  sha256: z.string(),
})
export type SignedDocument = z.infer<typeof SignedDocumentSchema>

export const signDocumentCall = defineCall({
  method: 'POST',
  path: '/api/documents/sign',
  body: SignDocumentInputSchema,
  response: SignedDocumentSchema,
})

export const VerificationCheckSchema = z.object({ name: z.string(), passed: z.boolean(), detail: z.string() })

/** Spec §3 verification result, with what was checked. */
export const VerificationResultSchema = z.object({
  isValid: z.boolean(),
  complianceLevel: z.enum(COMPLIANCE_LEVELS),
  signedAt: z.string(),
  verifiedAt: z.string(),
  tamperEvidence: z.boolean(),
  signatureId: z.string(),
  signerName: z.string(),
  signerEmail: z.string(),
  signerRole: z.enum(SIGNER_ROLES),
  signatureType: z.enum(SIGNATURE_TYPES),
  documentId: z.string().nullable(),
  documentName: z.string().nullable(),
  checks: z.array(VerificationCheckSchema),
})
export type VerificationResult = z.infer<typeof VerificationResultSchema>

export const verifySignatureCall = defineCall({
  method: 'GET',
  path: '/api/esigning/verify/:signatureId',
  params: z.object({ signatureId: z.uuid({ message: 'Not found' }) }),
  response: VerificationResultSchema,
})

export const ConsentSchema = z.object({
  version: z.string(),
  accepted: z.boolean(),
  acceptedAt: z.string().nullable(),
})
export type ConsentState = z.infer<typeof ConsentSchema>

export const getConsentCall = defineCall({
  method: 'GET',
  path: '/api/esigning/consent',
  query: z.object({ signerEmail: EmailSchema.optional() }),
  response: ConsentSchema,
})

export const acceptConsentCall = defineCall({
  method: 'POST',
  path: '/api/esigning/consent',
  body: z.object({
    version: z.string().max(64),
    signerName: NameSchema.optional(),
    signerEmail: EmailSchema.optional(),
  }),
  status: 201,
  response: ConsentSchema,
})

/** POST /api/documents/upload's answer to the e-signing shape (file, type, name): spec §7. */
export const SigningUploadSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  fileName: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
  /** Serves the same bytes to the uploader (and the agency's admins). */
  url: z.string(),
  status: z.literal('uploaded'),
  uploadedAt: z.string(),
})
export type SigningUpload = z.infer<typeof SigningUploadSchema>
