import { eq } from 'drizzle-orm'
import { SENSITIVE_CLIENT_FIELDS } from '#shared/contracts/clients.contract.ts'
import { applicationStatusChanges, applications } from '../applications/applications.table.ts'
import { carrierSubmissions } from '../carrier-delivery/carrier-delivery.table.ts'
import { carriers } from '../carriers/carriers.table.ts'
import { SENSITIVE_COLUMNS } from '../clients/client-mapping.service.ts'
import { clients } from '../clients/clients.table.ts'
import { type ExportSection, pick, plain, type SectionColumns } from './export-section.repository.ts'

/**
 * The agency's book in the data export: clients, its own carriers, applications with their status
 * changes, and submissions to carriers. Every section is the agency's whole.
 */

/** The client's sensitive fields, driven by the clients feature's own map: each as its last four. */
const clientSensitive: SectionColumns = {
  columns: Object.fromEntries(
    SENSITIVE_CLIENT_FIELDS.map((field) => [field, clients[SENSITIVE_COLUMNS[field].last4]]),
  ),
  masked: Object.fromEntries(SENSITIVE_CLIENT_FIELDS.map((field) => [field, SENSITIVE_COLUMNS[field].mask])),
}

const CLIENT_COLUMNS: SectionColumns = {
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

const CARRIER_COLUMNS = plain(
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

const APPLICATION_COLUMNS = plain(
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

const STATUS_CHANGE_COLUMNS = plain(
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
const SUBMISSION_COLUMNS = plain(
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

export function clientSections(agencyId: string): ExportSection[] {
  return [
    {
      name: 'clients',
      table: clients,
      select: CLIENT_COLUMNS,
      key: clients.id,
      keyField: 'id',
      where: eq(clients.agencyId, agencyId),
    },
    {
      name: 'carriers',
      table: carriers,
      select: CARRIER_COLUMNS,
      key: carriers.id,
      keyField: 'id',
      where: eq(carriers.agencyId, agencyId),
    },
    {
      name: 'applications',
      table: applications,
      select: APPLICATION_COLUMNS,
      key: applications.id,
      keyField: 'id',
      where: eq(applications.agencyId, agencyId),
    },
    {
      name: 'applicationStatusChanges',
      table: applicationStatusChanges,
      select: STATUS_CHANGE_COLUMNS,
      key: applicationStatusChanges.id,
      keyField: 'id',
      where: eq(applicationStatusChanges.agencyId, agencyId),
    },
    {
      name: 'submissions',
      table: carrierSubmissions,
      select: SUBMISSION_COLUMNS,
      key: carrierSubmissions.id,
      keyField: 'id',
      where: eq(carrierSubmissions.agencyId, agencyId),
    },
  ]
}
