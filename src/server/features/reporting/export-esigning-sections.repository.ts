import { and, eq, or, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { esignConsents, esignSignatures, esignSigners, signingDocuments } from '../esigning/esigning.table.ts'
import { type ExportSection, pick, plain } from './export-section.repository.ts'

/**
 * E-signing's records in the data export: what was sent, to whom, and who signed when and from
 * where. Not the links' token hashes or sealed tokens, the record MACs, content hashes or the
 * provider's ids. As in the product, an agency admin exports the agency's; anyone else the
 * documents they sent, their signers, and their own signatures and consents.
 */

const SIGNING_DOCUMENT_COLUMNS = plain(
  pick(signingDocuments, [
    'id',
    'ownerUserId',
    'name',
    'documentType',
    'sourceKind',
    'status',
    'provider',
    'customMessage',
    'securityLevel',
    'signedDocumentId',
    'createdAt',
    'sentAt',
    'completedAt',
  ]),
)

const SIGNER_COLUMNS = plain(
  pick(esignSigners, [
    'id',
    'signingDocumentId',
    'name',
    'email',
    'role',
    'signingOrder',
    'status',
    'sentAt',
    'viewedAt',
    'signedAt',
    'expiresAt',
    'signatureId',
  ]),
)

const SIGNATURE_COLUMNS = plain(
  pick(esignSignatures, [
    'id',
    'signingDocumentId',
    'signerId',
    'userId',
    'signatureType',
    'signerName',
    'signerEmail',
    'signerRole',
    'imageDocumentId',
    'consentId',
    'ipAddress',
    'userAgent',
    'sealedDocumentId',
    'certificateFingerprint',
    'placement',
    'signedAt',
    'createdAt',
  ]),
)

const CONSENT_COLUMNS = plain(
  pick(esignConsents, [
    'id',
    'userId',
    'signerId',
    'signerName',
    'signerEmail',
    'version',
    'acceptedAt',
    'ipAddress',
    'userAgent',
  ]),
)

export function esigningSections(agencyId: string, userId: string, agencyWide: boolean): ExportSection[] {
  const sentByMe = (documentId: PgColumn): SQL =>
    sql`${documentId} in (select ${signingDocuments.id} from ${signingDocuments} where ${signingDocuments.agencyId} = ${agencyId} and ${signingDocuments.ownerUserId} = ${userId})`
  const mine = (own: SQL) => (agencyWide ? undefined : own)
  return [
    {
      name: 'signingDocuments',
      table: signingDocuments,
      select: SIGNING_DOCUMENT_COLUMNS,
      key: signingDocuments.id,
      keyField: 'id',
      where: and(eq(signingDocuments.agencyId, agencyId), mine(eq(signingDocuments.ownerUserId, userId))),
    },
    {
      name: 'signers',
      table: esignSigners,
      select: SIGNER_COLUMNS,
      key: esignSigners.id,
      keyField: 'id',
      where: and(eq(esignSigners.agencyId, agencyId), mine(sentByMe(esignSigners.signingDocumentId))),
    },
    {
      name: 'signatures',
      table: esignSignatures,
      select: SIGNATURE_COLUMNS,
      key: esignSignatures.id,
      keyField: 'id',
      where: and(
        eq(esignSignatures.agencyId, agencyId),
        mine(or(eq(esignSignatures.userId, userId), sentByMe(esignSignatures.signingDocumentId))!),
      ),
    },
    {
      name: 'signingConsents',
      table: esignConsents,
      select: CONSENT_COLUMNS,
      key: esignConsents.id,
      keyField: 'id',
      where: and(eq(esignConsents.agencyId, agencyId), mine(eq(esignConsents.userId, userId))),
    },
  ]
}
