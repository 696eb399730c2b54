import { z } from 'zod'
import { defineCall } from './call.ts'

/** How the verify walk found the chain broken (decision 011). */
export const AUDIT_CHAIN_PROBLEMS = ['altered', 'removed', 'reordered'] as const
export type AuditChainProblem = (typeof AUDIT_CHAIN_PROBLEMS)[number]

const HashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'A SHA-256 hash in lowercase hex')

/**
 * Where the walk broke. `altered`: the event's content or hashes no longer match what was
 * written. `reordered`: the event is intact but follows another event of the chain than the one
 * it was written after. `removed`: an event is missing; `sequence` is the first missing position,
 * `id` the event found after it (null when the chain's last events are gone).
 */
export const BrokenAuditEventSchema = z.object({
  id: z.string().nullable(),
  sequence: z.number().int().min(1),
  problem: z.enum(AUDIT_CHAIN_PROBLEMS),
})
export type BrokenAuditEvent = z.infer<typeof BrokenAuditEventSchema>

export const AuditChainVerificationSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), events: z.number().int().min(0), headHash: HashSchema }),
  z.object({
    ok: z.literal(false),
    firstBadEvent: BrokenAuditEventSchema,
    verifiedEvents: z.number().int().min(0),
  }),
])
export type AuditChainVerification = z.infer<typeof AuditChainVerificationSchema>

/** Walks the caller's agency's audit chain from its first event ('Verify integrity'). */
export const verifyAuditChainCall = defineCall({
  method: 'POST',
  path: '/api/compliance/audit/verify',
  response: AuditChainVerificationSchema,
})

export const CHECKPOINT_ALGORITHM = 'Ed25519'

/**
 * A signed statement of the chain's head, to keep off the machine. The signature (base64) is over
 * the UTF-8 of JSON.stringify({ agencyId, sequence, headHash, createdAt, algorithm }) in that
 * key order; `publicKey` is the signing key's SPKI PEM, so anyone can check it with OpenSSL.
 */
export const AuditCheckpointSchema = z.object({
  agencyId: z.string().min(1).max(64),
  sequence: z.number().int().min(0),
  headHash: HashSchema,
  createdAt: z.iso.datetime(),
  algorithm: z.literal(CHECKPOINT_ALGORITHM),
  signature: z.string().min(1).max(200),
  publicKey: z.string().min(1).max(1000),
})
export type AuditCheckpoint = z.infer<typeof AuditCheckpointSchema>

/** The chain's head now, signed; answered as a download (`audit-checkpoint-{sequence}.json`). */
export const exportAuditCheckpointCall = defineCall({
  method: 'GET',
  path: '/api/compliance/audit/checkpoint',
  response: AuditCheckpointSchema,
})

export const AUDIT_CHECKPOINT_MESSAGES = {
  valid: 'The checkpoint is ours and the audit chain still holds its head: nothing before it was rewritten.',
  badSignature: 'The checkpoint was not signed by this system, or was changed after it was signed.',
  headMissing:
    'The audit chain no longer holds this checkpoint’s head at its position: history before it was rewritten.',
  otherAgency: 'This checkpoint belongs to another agency.',
} as const

export const CheckpointVerificationSchema = z.object({
  valid: z.boolean(),
  /** Signed by this system's key, over exactly these values. */
  signatureValid: z.boolean(),
  /** The chain verifies from its first event up to `sequence`, and that event's hash is `headHash`. */
  headPresent: z.boolean(),
  message: z.string(),
  /** Where the walk up to the checkpoint broke, when it did. */
  firstBadEvent: BrokenAuditEventSchema.optional(),
})
export type CheckpointVerification = z.infer<typeof CheckpointVerificationSchema>

/** Takes a downloaded checkpoint back: is it ours, and does the chain still hold its head? */
export const verifyAuditCheckpointCall = defineCall({
  method: 'POST',
  path: '/api/compliance/audit/checkpoint/verify',
  body: AuditCheckpointSchema,
  response: CheckpointVerificationSchema,
})

/** The spec's texts for the Compliance & Audit screen (§2, §8). */
export const COMPLIANCE_MESSAGES = {
  noAuditRecords: 'No audit records found.',
  noAuditTrail: 'No audit trail found for this application.',
  selectApplication: 'Select an application from the Audit History tab to see its audit trail.',
  reportDownloaded: 'Compliance report downloaded successfully',
  dataDownloaded: 'Application data downloaded successfully',
  reportFailed: 'Failed to download compliance report',
  dataFailed: 'Failed to download application data',
  retentionSaved: 'Retention period saved',
  /** Ours (the spec says nothing of a limit): the CSV export is refused rather than cut off. */
  exportTooLarge:
    'More than 200,000 events match these filters, more than one export holds. Narrow the dates (or pick a user or an action) and export again.',
  exportFailed: 'The audit history could not be exported',
} as const

/** The most events one CSV export holds; a larger export is refused before the first byte. */
export const AUDIT_CSV_MAX_ROWS = 200_000

/** The spec's audit record action: what was done to the data, in four words. */
export const AUDIT_RECORD_ACTIONS = ['created', 'viewed', 'downloaded', 'other'] as const

/** One audit event as the screen shows it (spec §3 Audit record), with who did it and where it sits in the chain. */
export const AuditRecordSchema = z.object({
  id: z.string(),
  action: z.enum(AUDIT_RECORD_ACTIONS),
  dataAccessed: z.string(),
  actionDescription: z.string(),
  createdAt: z.string(),
  applicationId: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  fileName: z.string().nullable(),
  /** The stored action name, e.g. 'client.viewed'. */
  event: z.string(),
  actorUserId: z.string().nullable(),
  actorName: z.string().nullable(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  sequence: z.number().int(),
  /** Tombstoned by the retention job: details, IP and user agent were cleared. */
  redacted: z.boolean(),
})
export type AuditRecord = z.infer<typeof AuditRecordSchema>

/** The history's from/to: the database cannot take year 0, and 9999-12-31's next day (the to bound) is out of range. */
export const DAY_RANGE_MESSAGE = 'A date from 1900-01-01 to 9999-12-30'
const day = z.iso
  .date({ message: 'A date as YYYY-MM-DD' })
  .refine((value) => value >= '1900-01-01' && value <= '9999-12-30', DAY_RANGE_MESSAGE)
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value || undefined)

export const AuditHistoryFiltersSchema = z.object({
  userId: z.uuid({ message: 'Not a user id' }).optional(),
  /** A stored action name, e.g. 'client.viewed'. */
  action: optionalText(100),
  entityType: optionalText(50),
  entityId: optionalText(100),
  from: day.optional(),
  to: day.optional(),
})
export type AuditHistoryFilters = z.input<typeof AuditHistoryFiltersSchema>

/** The agency's events newest first; agents see their own, agency admins everyone's (decision 014). */
export const auditHistoryCall = defineCall({
  method: 'GET',
  path: '/api/compliance/audit-history',
  query: AuditHistoryFiltersSchema.extend({
    limit: z.coerce.number().int().min(1).max(100).default(50),
    cursor: z
      .string()
      .regex(/^\d{1,15}$/, 'The page cursor is not valid.')
      .optional(),
  }),
  // The spec's browser reads `data` or `auditHistory`: both are served.
  response: z.object({
    data: z.array(AuditRecordSchema),
    auditHistory: z.array(AuditRecordSchema),
    nextCursor: z.string().nullable(),
  }),
})

/** The filtered history as a CSV download (same filters as the list). */
export const AUDIT_HISTORY_CSV_PATH = '/api/compliance/audit-history.csv'

const TrailSchema = z.object({ data: z.array(AuditRecordSchema) })
const applicationId = z.uuid({ message: 'Not an application id' })

/** The spec leaves the URL shape open: the id as a query parameter, or in the path; both answer. */
export const applicationAuditTrailCall = defineCall({
  method: 'GET',
  path: '/api/compliance/audit',
  query: z.object({ applicationId }),
  response: TrailSchema,
})
export const applicationAuditTrailByIdCall = defineCall({
  method: 'GET',
  path: '/api/compliance/audit/:applicationId',
  params: z.object({ applicationId }),
  response: TrailSchema,
})

/** Downloads per application: `?format=pdf` gives the report as a PDF. */
export const complianceReportPath = (id: string, format: 'json' | 'pdf' = 'json') =>
  `/api/compliance/report/${encodeURIComponent(id)}${format === 'pdf' ? '?format=pdf' : ''}`
export const applicationDataPath = (id: string) => `/api/compliance/download/${encodeURIComponent(id)}`
export const complianceReportFileName = (id: string, format: 'json' | 'pdf' = 'json') =>
  `compliance-report-${id}.${format}`
export const applicationDataFileName = (id: string) => `application-data-${id}.json`

export const ComplianceLinkSchema = z.object({ title: z.string(), description: z.string(), url: z.url() })

/** Spec §3 Terms. */
export const TermsSchema = z.object({
  version: z.string(),
  effectiveDate: z.string(),
  purpose: z.string(),
  agentRepresentation: z.string(),
  dataCollection: z.array(z.string()),
  complianceRequirements: z.array(z.string()),
  electronicSignatureConsent: z.string(),
  complianceLinks: z.array(ComplianceLinkSchema),
  fullTermsContent: z.string(),
})
export type Terms = z.infer<typeof TermsSchema>

export const termsCall = defineCall({
  method: 'GET',
  path: '/api/compliance/terms',
  response: z.object({ data: TermsSchema }),
})

export const RetentionSchema = z.object({
  retentionYears: z.coerce
    .number({ message: 'Retention must be a whole number of years from 1 to 100' })
    .int('Retention must be a whole number of years from 1 to 100')
    .min(1, 'Retention must be a whole number of years from 1 to 100')
    .max(100, 'Retention must be a whole number of years from 1 to 100'),
})
export type Retention = z.infer<typeof RetentionSchema>

export const getRetentionCall = defineCall({
  method: 'GET',
  path: '/api/compliance/retention',
  response: RetentionSchema,
})

/** Agency admins only; audited with the old and new period. */
export const setRetentionCall = defineCall({
  method: 'PUT',
  path: '/api/compliance/retention',
  body: RetentionSchema,
  response: RetentionSchema,
})

/** What 'Verify integrity' says (beyond the spec). */
export const AUDIT_INTEGRITY_TEXTS = {
  intact: (events: number) =>
    `The audit log's hash chain holds: all ${events.toLocaleString('en-US')} events match their hashes and links. A history rewritten with every hash recomputed shows only against a signed checkpoint.`,
  broken: (event: BrokenAuditEvent) =>
    event.id === null
      ? `The audit log is broken: its last events from #${event.sequence} on were removed.`
      : `The audit log is broken at event #${event.sequence} (${event.id}): it was ${event.problem}.`,
  verifyFailed: 'The integrity check could not run. Try again.',
  checkpointFailed: 'The checkpoint could not be read. Choose the JSON file downloaded from this screen.',
} as const
