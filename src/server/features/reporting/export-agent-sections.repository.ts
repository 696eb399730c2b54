import { and, eq } from 'drizzle-orm'
import { appointments, directDeposits } from '../appointments/appointments.table.ts'
import { documents } from '../documents/documents.table.ts'
import { notifications } from '../notifications/notifications.table.ts'
import { type ExportSection, pick, plain, type SectionColumns } from './export-section.repository.ts'

/**
 * Appointments, direct deposits, documents' metadata and notifications in the data export.
 * Notifications are the user's own; appointments (background answers, signature, IP) and direct
 * deposits are another agent's private records, which the product shows to agency admins only:
 * anyone else exports their own.
 */

const APPOINTMENT_COLUMNS = plain(
  pick(appointments, [
    'id',
    'userId',
    'fullName',
    'npn',
    'email',
    'phone',
    'stateLicenses',
    'linesOfAuthority',
    'eoInsuranceCarrier',
    'eoInsuranceAmount',
    'eoExpirationDate',
    'felonyConviction',
    'disciplinaryAction',
    'backgroundDetails',
    'w9Signed',
    'eoDocumentSigned',
    'voidedCheckSubmitted',
    'agencyAffiliation',
    'agencyCode',
    'eSignature',
    'ipAddress',
    'userAgent',
    'requestIpAddress',
    'requestUserAgent',
    'geoLocation',
    'termsAccepted',
    'termsVersion',
    'privacyPolicyAccepted',
    'consentToElectronicSignature',
    'createdAt',
  ]),
)

const DIRECT_DEPOSIT_COLUMNS: SectionColumns = {
  columns: {
    ...pick(directDeposits, [
      'userId',
      'bankName',
      'accountType',
      'accountHolderName',
      'agreedAt',
      'updatedAt',
    ]),
    routingNumber: directDeposits.routingNumberLast4,
    accountNumber: directDeposits.accountNumberLast4,
  },
  masked: { routingNumber: 'account', accountNumber: 'account' },
}

/** No content hash, storage key or stored bytes: the file's description only. */
const DOCUMENT_COLUMNS = plain(
  pick(documents, [
    'id',
    'kind',
    'filename',
    'contentType',
    'sizeBytes',
    'applicationId',
    'documentType',
    'uploadedByUserId',
    'createdAt',
  ]),
)

const NOTIFICATION_COLUMNS = plain(
  pick(notifications, [
    'id',
    'userId',
    'title',
    'message',
    'type',
    'priority',
    'isRead',
    'readAt',
    'deliveredAt',
    'attachments',
    'createdAt',
  ]),
)

export function agentSections(agencyId: string, userId: string, agencyWide: boolean): ExportSection[] {
  return [
    {
      name: 'appointments',
      table: appointments,
      select: APPOINTMENT_COLUMNS,
      key: appointments.id,
      keyField: 'id',
      where: and(
        eq(appointments.agencyId, agencyId),
        agencyWide ? undefined : eq(appointments.userId, userId),
      ),
    },
    {
      name: 'directDeposits',
      table: directDeposits,
      select: DIRECT_DEPOSIT_COLUMNS,
      key: directDeposits.userId,
      keyField: 'userId',
      where: and(
        eq(directDeposits.agencyId, agencyId),
        agencyWide ? undefined : eq(directDeposits.userId, userId),
      ),
    },
    {
      name: 'documents',
      table: documents,
      select: DOCUMENT_COLUMNS,
      key: documents.id,
      keyField: 'id',
      where: eq(documents.agencyId, agencyId),
    },
    {
      name: 'notifications',
      table: notifications,
      select: NOTIFICATION_COLUMNS,
      key: notifications.id,
      keyField: 'id',
      where: and(eq(notifications.agencyId, agencyId), eq(notifications.userId, userId)),
    },
  ]
}
