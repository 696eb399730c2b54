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
