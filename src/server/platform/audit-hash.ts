import { hash } from 'node:crypto'

/**
 * The hash chain's arithmetic (decision 011), in one place for the append, the backfill and the
 * verify walk. An event's content is hashed over its canonical JSON; the event's `hash` binds
 * that content hash to the previous event's hash:
 *
 *   contentHash = hex(SHA-256(canonical JSON))
 *   hash        = hex(SHA-256(prevHash + contentHash))   (128 ASCII characters)
 *
 * The database computes the second line too (sha256() in the append's one statement), which is
 * why it is kept this simple.
 *
 * Version 2 (every event written since migration 0013) hashes the personal fields apart, so that
 * the retention job can clear them and keep their hash (`content_hash`) while every other field
 * stays checked against the chain:
 *
 *   personalHash = hex(SHA-256(canonical JSON of {details, ipAddress, userAgent}))
 *   contentHash  = hex(SHA-256(canonical JSON of the other fields and "personal": personalHash))
 *
 * Version 1 (the eleven fields in one JSON, `canonicalAuditJson`) stays for the rows written
 * before; a row with a null `content_hash` is version 1.
 */

/** The previous hash of each chain's first event. */
export const GENESIS_HASH = '0'.repeat(64)

/** What an event says, as stored; the chain columns are not part of it. */
export interface AuditContent {
  id: string
  agencyId: string | null
  actorUserId: string | null
  action: string
  entityType: string | null
  entityId: string | null
  /** Plain JSON: normaliseDetails' answer when written, JSON.parse's when read back. */
  details: unknown
  ipAddress: string | null
  userAgent: string | null
  requestId: string | null
  /** Whole milliseconds: stored ones are truncated to them when read (see contentColumns). */
  createdAt: Date
}

/**
 * Details as JSON keeps them: what JSON.stringify drops (undefined, functions) dropped, Dates as
 * ISO strings, and lone UTF-16 surrogates made well-formed, since the database stores UTF-8 and
 * would otherwise store a replacement character the hash never saw. Object keys come out sorted
 * (by UTF-16 code units, JavaScript's default order), at every depth.
 */
export function normaliseDetails(value: unknown): Record<string, unknown> {
  const plain = value === undefined ? {} : JSON.parse(JSON.stringify(value))
  return sortKeys(plain) as Record<string, unknown>
}

// String.prototype.toWellFormed is in Node 20, not yet in the ES2023 types.
const wellFormed = (text: string) => (text as unknown as { toWellFormed(): string }).toWellFormed()

/** Plain JSON (as JSON.parse answers it) with its object keys sorted at every depth. */
function sortKeys(value: unknown): unknown {
  if (typeof value === 'string') return wellFormed(value)
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value === null || typeof value !== 'object') return value
  const sorted: Record<string, unknown> = {}
  for (const key of Object.keys(value).sort()) {
    sorted[wellFormed(key)] = sortKeys((value as Record<string, unknown>)[key])
  }
  return sorted
}

const text = (value: string | null) => (value === null ? 'null' : JSON.stringify(value))

/**
 * The canonical JSON: these eleven keys in this order, absent values as null, `details` with its
 * keys sorted recursively, `createdAt` as ISO 8601 in UTC with milliseconds
 * (`2025-01-31T09:05:00.123Z`), JSON.stringify's spacing (none) and escaping. Written out by hand
 * (the verify walk runs it a million times), it is exactly JSON.stringify of that object.
 */
export function canonicalAuditJson(event: AuditContent): string {
  return `{"id":${text(event.id)},"agencyId":${text(event.agencyId)},"actorUserId":${text(event.actorUserId)},"action":${text(event.action)},"entityType":${text(event.entityType)},"entityId":${text(event.entityId)},"details":${JSON.stringify(sortKeys(event.details ?? {}))},"ipAddress":${text(event.ipAddress)},"userAgent":${text(event.userAgent)},"requestId":${text(event.requestId)},"createdAt":"${event.createdAt.toISOString()}"}`
}

/**
 * Version 2's personal part: `{"details":…,"ipAddress":…,"userAgent":…}`, details sorted as in
 * version 1. Written by hand like canonicalAuditJson; exactly JSON.stringify of that object.
 */
export function canonicalPersonalJson(
  event: Pick<AuditContent, 'details' | 'ipAddress' | 'userAgent'>,
): string {
  return `{"details":${JSON.stringify(sortKeys(event.details ?? {}))},"ipAddress":${text(event.ipAddress)},"userAgent":${text(event.userAgent)}}`
}

/**
 * Version 2's canonical JSON: `id, agencyId, actorUserId, action, entityType, entityId, personal,
 * requestId, createdAt` in that order, `personal` the personal hash (hex), the rest as in version 1.
 */
export function canonicalAuditJsonV2(
  event: Omit<AuditContent, 'details' | 'ipAddress' | 'userAgent'>,
  personal: string,
): string {
  return `{"id":${text(event.id)},"agencyId":${text(event.agencyId)},"actorUserId":${text(event.actorUserId)},"action":${text(event.action)},"entityType":${text(event.entityType)},"entityId":${text(event.entityId)},"personal":"${personal}","requestId":${text(event.requestId)},"createdAt":"${event.createdAt.toISOString()}"}`
}

export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex')
}

export function contentHash(event: AuditContent): string {
  return sha256Hex(canonicalAuditJson(event))
}

export function personalHash(event: Pick<AuditContent, 'details' | 'ipAddress' | 'userAgent'>): string {
  return sha256Hex(canonicalPersonalJson(event))
}

/** Version 2's content hash, from the event's other fields and its personal hash. */
export function contentHashV2(
  event: Omit<AuditContent, 'details' | 'ipAddress' | 'userAgent'>,
  personal: string,
): string {
  return sha256Hex(canonicalAuditJsonV2(event, personal))
}

export function linkHash(prevHash: string, content: string): string {
  return sha256Hex(prevHash + content)
}

/** The chain an event belongs to: its agency's, or the platform's for events of no agency. */
export function chainKey(agencyId: string | null): string {
  return agencyId ?? 'platform'
}
