import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, timestamptz } from '#server/db/columns.ts'
import type { Placement } from '#shared/contracts/esigning.contract.ts'
import type { FileKind } from '#shared/domain/document-types.ts'
import type {
  SecurityLevel,
  SignatureType,
  SignerRole,
  SigningDocumentStatus,
  SigningProviderId,
} from '#shared/domain/esigning.ts'
import { agencyRef } from '../agencies/agencies.table.ts'

/**
 * A document uploaded for signing. Its id is its upload's (documents.id); its sealed versions are
 * documents too (kind 'signed_document'), the latest named here.
 */
export const signingDocuments = pgTable(
  'signing_documents',
  {
    id: uuid('id').primaryKey(),
    agencyId: agencyRef(),
    ownerUserId: uuid('owner_user_id').notNull(),
    name: text('name').notNull(),
    /** The sender's label for it (a W-9, a carrier agreement); free text, as the spec leaves it. */
    documentType: text('document_type'),
    sourceKind: text('source_kind').$type<FileKind>().notNull(),
    sourceSha256: text('source_sha256').notNull(),
    status: text('status').$type<SigningDocumentStatus>().notNull().default('pending_signature'),
    /** Who collects the signatures once sent: the product's links, or a third party. */
    provider: text('provider').$type<SigningProviderId>(),
    providerRequestId: text('provider_request_id'),
    customMessage: text('custom_message').notNull().default(''),
    securityLevel: text('security_level').$type<SecurityLevel>(),
    signedDocumentId: uuid('signed_document_id'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [
    index('signing_documents_agency_idx').on(t.agencyId, t.createdAt),
    index('signing_documents_provider_idx').on(t.provider, t.providerRequestId),
  ],
)

/** An acceptance of the ESIGN consumer disclosure: by a signed-in user, or a signer through a link. */
export const esignConsents = pgTable(
  'esign_consents',
  {
    id: id(),
    agencyId: agencyRef(),
    userId: uuid('user_id'),
    signerId: uuid('signer_id'),
    signerName: text('signer_name').notNull(),
    signerEmail: text('signer_email').notNull(),
    version: text('version').notNull(),
    acceptedAt: timestamptz('accepted_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('esign_consents_user_idx').on(t.agencyId, t.userId, t.signerEmail, t.version),
    index('esign_consents_signer_idx').on(t.agencyId, t.signerId),
  ],
)

/** A person asked to sign a document by email, in order. */
export const esignSigners = pgTable(
  'esign_signers',
  {
    id: id(),
    agencyId: agencyRef(),
    signingDocumentId: uuid('signing_document_id')
      .notNull()
      .references(() => signingDocuments.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    role: text('role').$type<SignerRole>().notNull(),
    signingOrder: integer('signing_order').notNull(),
    /** SHA-256 of the link's secret (the product's links only); the secret itself only sealed. */
    tokenHash: text('token_hash'),
    tokenSealed: text('token_sealed'),
    status: text('status').$type<'waiting' | 'sent' | 'viewed' | 'signed'>().notNull().default('waiting'),
    providerSignatureId: text('provider_signature_id'),
    sentAt: timestamptz('sent_at'),
    viewedAt: timestamptz('viewed_at'),
    signedAt: timestamptz('signed_at'),
    expiresAt: timestamptz('expires_at'),
    signatureId: uuid('signature_id'),
  },
  (t) => [
    uniqueIndex('esign_signers_order_key').on(t.agencyId, t.signingDocumentId, t.signingOrder),
    uniqueIndex('esign_signers_token_key').on(t.agencyId, t.tokenHash),
    // A link names no agency: its token is looked up across them (256 random bits never collide).
    index('esign_signers_token_idx').on(t.tokenHash),
  ],
)

/** What the browser reported about itself at signing, kept beside what the server saw. */
export interface ReportedClient {
  ipAddress?: string
  userAgent?: string
  timestamp?: string | number
}

/**
 * A signature: its image (a document of kind 'signature_image'), who, when, from where, under
 * which consent, and, once applied, the sealed PDF it made. record_mac is an HMAC over all of it,
 * so a change to the row (an image swapped in) shows at verification.
 */
export const esignSignatures = pgTable(
  'esign_signatures',
  {
    id: uuid('id').primaryKey(),
    agencyId: agencyRef(),
    signingDocumentId: uuid('signing_document_id').references(() => signingDocuments.id),
    signerId: uuid('signer_id'),
    userId: uuid('user_id'),
    signatureType: text('signature_type').$type<SignatureType>().notNull(),
    signerName: text('signer_name').notNull(),
    signerEmail: text('signer_email').notNull(),
    signerRole: text('signer_role').$type<SignerRole>().notNull(),
    imageDocumentId: uuid('image_document_id').notNull(),
    imageSha256: text('image_sha256').notNull(),
    consentId: uuid('consent_id')
      .notNull()
      .references(() => esignConsents.id),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    reported: jsonb('reported').$type<ReportedClient>().notNull().default({}),
    documentSha256Before: text('document_sha256_before'),
    sealedDocumentId: uuid('sealed_document_id'),
    sealedSha256: text('sealed_sha256'),
    certificateFingerprint: text('certificate_fingerprint'),
    placement: jsonb('placement').$type<Placement>(),
    signedAt: timestamptz('signed_at').notNull(),
    recordMac: text('record_mac').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('esign_signatures_agency_idx').on(t.agencyId, t.signedAt),
    index('esign_signatures_document_idx').on(t.agencyId, t.signingDocumentId),
    // The public verify page finds a signed PDF by its hash, whatever the agency.
    index('esign_signatures_sealed_idx').on(t.sealedSha256),
  ],
)
