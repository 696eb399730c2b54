import { customType, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id } from '#server/db/columns.ts'
import type { DocumentType } from '#shared/domain/document-types.ts'
import { agencyRef } from '../agencies/agencies.table.ts'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/**
 * Packets the product makes for carriers, and files users upload (the Required Docs screen, issue
 * #12); for e-signing (issue #18), files uploaded for signing, signature images and sealed PDFs;
 * and files attached to another feature's record (an onboarding document, issue #15).
 */
export const DOCUMENT_KINDS = [
  'application_packet',
  'carrier_packet',
  'upload',
  'signing_upload',
  'signature_image',
  'signed_document',
  'attachment',
] as const
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]

/**
 * Documents the product makes or users upload: metadata and the SHA-256 here, the bytes in file
 * storage (platform/storage) under storage_key.
 */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    agencyId: agencyRef(),
    kind: text('kind').$type<DocumentKind>().notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** Where the bytes are in file storage; null only until start-up moves an older row's bytes there. */
    storageKey: text('storage_key'),
    /**
     * Packets made before file storage kept their bytes here. Start-up moves them into storage
     * and empties this column (moveDocumentsToStorage); nothing writes it any more.
     */
    legacyContent: bytea('content'),
    /** The insurance or appointment application it belongs to, if any. */
    applicationId: uuid('application_id'),
    /** An upload's type (Required Docs); null for packets the product makes. */
    documentType: text('document_type').$type<DocumentType>(),
    /** Who uploaded it: an agent's uploads are their producer documents. */
    uploadedByUserId: uuid('uploaded_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('documents_agency_idx').on(t.agencyId, t.applicationId),
    index('documents_uploader_idx').on(t.agencyId, t.uploadedByUserId, t.documentType, t.createdAt),
  ],
)
