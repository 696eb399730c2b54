import type { PgColumn } from 'drizzle-orm/pg-core'
import { SENSITIVE_CLIENT_FIELDS } from '#shared/contracts/clients.contract.ts'
import { applicationStatusChanges, applications } from '../applications/applications.table.ts'
import { appointments, directDeposits } from '../appointments/appointments.table.ts'
import { carrierSubmissions } from '../carrier-delivery/carrier-delivery.table.ts'
import { carriers } from '../carriers/carriers.table.ts'
import { SENSITIVE_COLUMNS } from '../clients/client-mapping.ts'
import { clients } from '../clients/clients.table.ts'
import { documents } from '../documents/documents.table.ts'
import { notifications } from '../notifications/notifications.table.ts'

/**
 * What each section of the data export holds (decision 013): an allow-list of columns, so a
 * column added to a table later (a secret, a hash, a storage key) stays out until it is named
 * here. Sensitive numbers are selected as their last four only, never the ciphertext, and masked.
 */

export type MaskKind = 'ssn' | 'account'

export interface SectionColumns {
  columns: Record<string, PgColumn>
  /** Output fields holding a last four, and how to mask them. */
  masked: Record<string, MaskKind>
}

export function pick<T extends object, K extends keyof T & string>(table: T, names: readonly K[]) {
  return Object.fromEntries(names.map((name) => [name, table[name]])) as unknown as Record<K, PgColumn>
}

/** The client's sensitive fields, driven by the clients feature's own map: each as its last four. */
const clientSensitive: SectionColumns = {
  columns: Object.fromEntries(
    SENSITIVE_CLIENT_FIELDS.map((field) => [field, clients[SENSITIVE_COLUMNS[field].last4]]),
  ),
  masked: Object.fromEntries(SENSITIVE_CLIENT_FIELDS.map((field) => [field, SENSITIVE_COLUMNS[field].mask])),
}

export const CLIENT_COLUMNS: SectionColumns = {
  columns: {
    ...pick(clients, [
      'id',
      'createdByUserId',
      'firstName',
      'lastName',
      'middleName',
      'suffix',
      'email',
      'phone',
      'dateOfBirth',
      'gender',
      'maritalStatus',
      'spouseFirstName',
      'spouseLastName',
      'spouseDateOfBirth',
      'alternatePhone',
      'workPhone',
      'alternateEmail',
      'preferredContactMethod',
      'address',
      'city',
      'state',
      'zipCode',
      'mailingAddress',
      'mailingCity',
      'mailingState',
      'mailingZipCode',
      'residenceType',
      'yearsAtAddress',
      'previousAddress',
      'employer',
      'occupation',
      'jobTitle',
      'workAddress',
      'annualIncomeCents',
      'employmentStatus',
      'yearsWithEmployer',
      'creditScore',
      'bankName',
      'accountType',
      'currentInsuranceCarrier',
      'currentPolicyNumber',
      'currentPolicyExpiration',
      'yearsWithCurrentCarrier',
      'priorCarrier',
      'yearsInsured',
      'lapsesInCoverage',
      'lapsesDetails',
      'driversLicenseState',
      'driversLicenseExpiration',
      'driversLicenseClass',
      'accidentsLast5Years',
      'violationsLast5Years',
      'dui',
      'duiDate',
      'suspendedLicense',
      'suspensionDate',
      'height',
      'weight',
      'smoker',
      'smokingHistory',
      'medications',
      'medicalConditions',
      'familyMedicalHistory',
      'homeOwner',
      'mortgageCompany',
      'budgetRange',
      'preferredCoverage',
      'specialRequirements',
      'insuranceType',
      'notes',
      'createdAt',
      'updatedAt',
    ]),
    ...clientSensitive.columns,
  },
  masked: clientSensitive.masked,
}

export const plain = (columns: Record<string, PgColumn>): SectionColumns => ({ columns, masked: {} })

export const CARRIER_COLUMNS = plain(
  pick(carriers, [
    'id',
    'name',
    'code',
    'supportedTypes',
    'isActive',
    'avgPremiumCents',
    'coverageRating',
    'consumerConfidenceScore',
    'financialStrength',
    'submissionMethod',
    'primaryState',
    'states',
    'notes',
    'contactEmail',
    'createdAt',
    'updatedAt',
  ]),
)

export const APPLICATION_COLUMNS = plain(
  pick(applications, [
    'id',
    'clientId',
    'createdByUserId',
    'insuranceType',
    'status',
    'submissionType',
    'carrierId',
    'secondaryCarrierId',
    'carrierFilters',
    'applicationData',
    'notes',
    'createdAt',
    'updatedAt',
  ]),
)

export const STATUS_CHANGE_COLUMNS = plain(
  pick(applicationStatusChanges, [
    'id',
    'applicationId',
    'fromStatus',
    'toStatus',
    'changedByUserId',
    'note',
    'createdAt',
  ]),
)

/** Not the body sent to the carrier (it restates the client unmasked) nor the idempotency key. */
export const SUBMISSION_COLUMNS = plain(
  pick(carrierSubmissions, [
    'id',
    'recordType',
    'recordId',
    'carrierId',
    'status',
    'method',
    'subject',
    'summary',
    'message',
    'confirmationNumber',
    'attempts',
    'lastAttemptAt',
    'deliveredAt',
    'requestedByUserId',
    'documentId',
    'createdAt',
    'updatedAt',
  ]),
)

export const APPOINTMENT_COLUMNS = plain(
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

export const DIRECT_DEPOSIT_COLUMNS: SectionColumns = {
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
export const DOCUMENT_COLUMNS = plain(
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

export const NOTIFICATION_COLUMNS = plain(
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
