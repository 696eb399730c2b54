import { z } from 'zod'
import {
  MAX_SIGNERS,
  SECURITY_LEVELS,
  SIGNER_ROLES,
  SIGNER_STATUSES,
  SIGNING_DOCUMENT_STATUSES,
  SIGNING_PROVIDERS,
} from '../domain/esigning.ts'
import { defineCall } from './call.ts'
import { DocumentIdSchema, EmailSchema, NameSchema, SignerRoleSchema, word } from './esigning.contract.ts'
import { ESIGNING_TEXTS } from './esigning-texts.ts'

/** Documents for signing: the Documents tab's list, sending to signers (spec §3 third-party request), providers. */
export const SignerInputSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  role: SignerRoleSchema.default('client'),
  signingOrder: z.coerce.number().int().min(1, ESIGNING_TEXTS.signingOrder),
})

/** Spec §3 third-party signing request; `provider` is ours (absent: the product sends the links). */
export const SendDocumentInputSchema = z
  .object({
    documentId: DocumentIdSchema,
    documentType: z.string().trim().max(64).optional(),
    signers: z.array(SignerInputSchema).min(1, 'Add at least one signer').max(MAX_SIGNERS),
    customMessage: z.string().trim().max(2000).default(''),
    securityLevel: z.preprocess(word, z.enum(SECURITY_LEVELS)).default('standard'),
    provider: z.preprocess(word, z.enum(SIGNING_PROVIDERS)).optional(),
  })
  .superRefine((input, context) => {
    const emails = input.signers.map((signer) => signer.email)
    if (new Set(emails).size !== emails.length) {
      context.addIssue({ code: 'custom', path: ['signers'], message: ESIGNING_TEXTS.signerEmailTaken })
    }
    const orders = input.signers.map((signer) => signer.signingOrder).sort((a, b) => a - b)
    if (orders.some((order, index) => order !== index + 1)) {
      context.addIssue({ code: 'custom', path: ['signers'], message: ESIGNING_TEXTS.signingOrder })
    }
  })
export type SendDocumentInput = z.infer<typeof SendDocumentInputSchema>

export const SignerStateSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(SIGNER_ROLES),
  signingOrder: z.number().int(),
  status: z.enum(SIGNER_STATUSES),
  sentAt: z.string().nullable(),
  viewedAt: z.string().nullable(),
  signedAt: z.string().nullable(),
})
export type SignerState = z.infer<typeof SignerStateSchema>

export const sendDocumentCall = defineCall({
  method: 'POST',
  path: '/api/esigning/send-document',
  body: SendDocumentInputSchema,
  response: z.object({
    success: z.literal(true),
    documentId: z.string(),
    provider: z.enum(SIGNING_PROVIDERS),
    signers: z.array(SignerStateSchema),
  }),
})

export const ProviderSchema = z.object({
  id: z.enum(SIGNING_PROVIDERS),
  label: z.string(),
  configured: z.boolean(),
})

export const listProvidersCall = defineCall({
  method: 'GET',
  path: '/api/esigning/providers',
  response: z.object({ providers: z.array(ProviderSchema) }),
})

export const SigningDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  documentType: z.string().nullable(),
  fileName: z.string(),
  fileSize: z.number().int(),
  mimeType: z.string(),
  status: z.enum(SIGNING_DOCUMENT_STATUSES),
  provider: z.enum(SIGNING_PROVIDERS).nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** The uploaded file, as sent. */
  url: z.string(),
  /** The latest sealed PDF, once someone has signed. */
  signedUrl: z.string().nullable(),
  signatures: z.array(z.object({ signatureId: z.string(), signerName: z.string(), signedAt: z.string() })),
  signers: z.array(SignerStateSchema),
})
export type SigningDocument = z.infer<typeof SigningDocumentSchema>

export const listSigningDocumentsCall = defineCall({
  method: 'GET',
  path: '/api/esigning/documents',
  query: z.object({ status: z.enum(SIGNING_DOCUMENT_STATUSES).optional() }),
  response: z.object({ documents: z.array(SigningDocumentSchema) }),
})

export const deleteSigningDocumentCall = defineCall({
  method: 'DELETE',
  path: '/api/esigning/documents/:id',
  params: z.object({ id: z.uuid({ message: 'Not found' }) }),
  response: z.object({ deleted: z.literal(true) }),
})
