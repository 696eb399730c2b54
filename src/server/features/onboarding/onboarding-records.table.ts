import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, timestamptz, updatedAt } from '#server/db/columns.ts'
import { ONBOARDING_DOCUMENT_TYPES, TRAINING_TYPES } from '#shared/contracts/onboarding-texts.ts'
import { LICENSE_STATUSES, type LicenseStatus } from '#shared/domain/license-status.ts'
import {
  ONBOARDING_DOCUMENT_STATUSES,
  type OnboardingDocumentStatus,
  TRAINING_STATUSES,
  type TrainingStatus,
} from '#shared/domain/onboarding-records.ts'
import { agencyRef } from '../agencies/agencies.table.ts'
import { onboardingAgents } from './onboarding.table.ts'

/** A check that a text column holds one of our own constant values (never user input). */
const oneOf = (column: unknown, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`

const agentRef = () =>
  uuid('agent_id')
    .notNull()
    .references(() => onboardingAgents.id, { onDelete: 'cascade' })

export const agentLicenses = pgTable(
  'agent_licenses',
  {
    id: id(),
    agencyId: agencyRef(),
    agentId: agentRef(),
    licenseNumber: text('license_number').notNull(),
    state: text('state').notNull(),
    licenseType: text('license_type').notNull(),
    linesOfAuthority: text('lines_of_authority').array().notNull().default(sql`'{}'::text[]`),
    issueDate: date('issue_date'),
    expirationDate: date('expiration_date'),
    status: text('status').$type<LicenseStatus>().notNull().default('active'),
    documentUrl: text('document_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('agent_licenses_agent_idx').on(t.agencyId, t.agentId),
    // The expiring list, the counts and the daily reminders walk active licenses by date.
    index('agent_licenses_expiry_idx').on(t.agencyId, t.status, t.expirationDate),
    check('agent_licenses_status_check', oneOf(t.status, LICENSE_STATUSES)),
  ],
)

/**
 * Reminders sent for a license: one row per threshold (90, 30, 0 days) and expiration date, so a
 * threshold is never sent twice and a renewed license (a new date) starts afresh.
 */
export const licenseReminders = pgTable(
  'license_reminders',
  {
    agencyId: agencyRef(),
    licenseId: uuid('license_id')
      .notNull()
      .references(() => agentLicenses.id, { onDelete: 'cascade' }),
    expirationDate: date('expiration_date').notNull(),
    threshold: integer('threshold').notNull(),
    sentAt: timestamptz('sent_at').defaultNow().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.licenseId, t.expirationDate, t.threshold] }),
    check('license_reminders_threshold_check', sql`${t.threshold} in (90, 30, 0)`),
  ],
)

export const trainingSessions = pgTable(
  'training_sessions',
  {
    id: id(),
    agencyId: agencyRef(),
    agentId: agentRef(),
    trainerId: text('trainer_id'),
    title: text('title').notNull(),
    description: text('description'),
    trainingType: text('training_type').$type<(typeof TRAINING_TYPES)[number]>().notNull(),
    scheduledDate: timestamptz('scheduled_date').notNull(),
    duration: integer('duration').notNull().default(60),
    location: text('location'),
    meetingLink: text('meeting_link'),
    attendanceRequired: boolean('attendance_required').notNull().default(true),
    attendanceConfirmed: boolean('attendance_confirmed').notNull().default(false),
    status: text('status').$type<TrainingStatus>().notNull().default('scheduled'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('training_sessions_agent_idx').on(t.agencyId, t.agentId, t.scheduledDate),
    check('training_sessions_status_check', oneOf(t.status, TRAINING_STATUSES)),
    check('training_sessions_type_check', oneOf(t.trainingType, TRAINING_TYPES)),
    check('training_sessions_duration_check', sql`${t.duration} between 1 and 1440`),
  ],
)

export const onboardingDocuments = pgTable(
  'onboarding_documents',
  {
    id: id(),
    agencyId: agencyRef(),
    agentId: agentRef(),
    documentType: text('document_type').$type<(typeof ONBOARDING_DOCUMENT_TYPES)[number]>().notNull(),
    documentName: text('document_name').notNull(),
    documentUrl: text('document_url'),
    /** The attached file, kept by the documents feature (its row and bytes in file storage). */
    fileDocumentId: uuid('file_document_id'),
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    expirationDate: date('expiration_date'),
    isRequired: boolean('is_required').notNull().default(true),
    status: text('status').$type<OnboardingDocumentStatus>().notNull().default('pending'),
    reviewedAt: timestamptz('reviewed_at'),
    reviewedBy: uuid('reviewed_by'),
    reviewNotes: text('review_notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('onboarding_documents_agent_idx').on(t.agencyId, t.agentId),
    check('onboarding_documents_status_check', oneOf(t.status, ONBOARDING_DOCUMENT_STATUSES)),
    check('onboarding_documents_type_check', oneOf(t.documentType, ONBOARDING_DOCUMENT_TYPES)),
  ],
)
