import { z } from 'zod'
import { defineCall } from './call.ts'
import { AuditRecordSchema } from './compliance.contract.ts'

export const POLICY_HISTORY_TEXTS = {
  empty: 'No changes to this policy are recorded yet.',
  /** Decision 014: an agent sees the events they caused, an agency admin everyone's. */
  ownOnly: 'The changes you made, newest first. An agency admin sees everyone’s.',
  everyone: 'Every change to this policy, newest first.',
  failed: 'The history could not be loaded. Reload the page to try again.',
} as const

/**
 * The audit events about one of the agency's policies (its entering or binding, endorsements,
 * cancellations, reinstatements, documents, number and status changes), newest first, a page at a
 * time. Who sees which events follows the audit history's rule (decision 014).
 */
export const policyHistoryCall = defineCall({
  method: 'GET',
  path: '/api/compliance/policies/:policyId/history',
  params: z.object({ policyId: z.uuid({ message: 'Not a policy id' }) }),
  query: z.object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    cursor: z
      .string()
      .regex(/^\d{1,15}$/, 'The page cursor is not valid.')
      .optional(),
  }),
  response: z.object({ data: z.array(AuditRecordSchema), nextCursor: z.string().nullable() }),
})
