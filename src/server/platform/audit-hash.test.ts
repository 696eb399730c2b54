import { describe, expect, it } from 'vitest'
import {
  type AuditContent,
  canonicalAuditJson,
  canonicalAuditJsonV2,
  canonicalPersonalJson,
  contentHash,
  contentHashV2,
  GENESIS_HASH,
  linkHash,
  normaliseDetails,
  personalHash,
} from './audit-hash.ts'

const event: AuditContent = {
  id: '3f1c2d8e-5b6a-4c7d-8e9f-0a1b2c3d4e5f',
  agencyId: '11111111-2222-4333-8444-555555555555',
  actorUserId: null,
  action: 'client.updated',
  entityType: 'client',
  entityId: 'c-1',
  details: normaliseDetails({ z: 1, a: { c: [true, null, 'é "q"'], b: 2.5 }, skipped: undefined }),
  ipAddress: '203.0.113.7',
  userAgent: null,
  requestId: 'req-1',
  createdAt: new Date('2025-01-31T09:05:00.123Z'),
}

// A fixed vector: the canonical form is a format others may re-implement (decision 011), so a
// change to it must be deliberate.
describe('the canonical form of an audit event (version 1, rows written before migration 0013)', () => {
  it('has fixed keys in a fixed order, details sorted at every depth, UTC milliseconds', () => {
    expect(canonicalAuditJson(event)).toBe(
      '{"id":"3f1c2d8e-5b6a-4c7d-8e9f-0a1b2c3d4e5f","agencyId":"11111111-2222-4333-8444-555555555555",' +
        '"actorUserId":null,"action":"client.updated","entityType":"client","entityId":"c-1",' +
        '"details":{"a":{"b":2.5,"c":[true,null,"é \\"q\\""]},"z":1},"ipAddress":"203.0.113.7",' +
        '"userAgent":null,"requestId":"req-1","createdAt":"2025-01-31T09:05:00.123Z"}',
    )
  })

  it('is JSON.stringify of the event with its keys in that order', () => {
    const { id, agencyId, actorUserId, action, entityType, entityId, details } = event
    const rest = { ipAddress: event.ipAddress, userAgent: event.userAgent, requestId: event.requestId }
    expect(canonicalAuditJson(event)).toBe(
      JSON.stringify({
        ...{ id, agencyId, actorUserId, action, entityType, entityId, details },
        ...rest,
        createdAt: event.createdAt.toISOString(),
      }),
    )
  })

  it('does not depend on the order details were written in', () => {
    const reordered = { ...event, details: { a: { b: 2.5, c: [true, null, 'é "q"'] }, z: 1 } }
    expect(contentHash(reordered)).toBe(contentHash(event))
  })

  // Computed apart from this code (Python's hashlib over the string above).
  it('hashes the content, then the previous hash followed by it', () => {
    expect(contentHash(event)).toBe('4090381dfb01992269a1e67d67a11067c3c76c859e194b864bed27c3e0070067')
    expect(linkHash(GENESIS_HASH, contentHash(event))).toBe(
      '3b90aa946c6db78a32bf8e22a46f5c0cb94b9391c67593dbda390cb4d12f9f3e',
    )
  })

  it('makes details well-formed as the database will store them', () => {
    expect(normaliseDetails({ when: new Date('2025-01-01T00:00:00Z'), bad: 'a\ud800', f: () => 1 })).toEqual({
      bad: 'a\ufffd',
      when: '2025-01-01T00:00:00.000Z',
    })
  })
})

describe('the canonical form of version 2 (every event written since migration 0013)', () => {
  it('hashes the personal fields apart, in a fixed order, details sorted', () => {
    const personal = canonicalPersonalJson(event)
    expect(personal).toBe(
      '{"details":{"a":{"b":2.5,"c":[true,null,"é \\"q\\""]},"z":1},"ipAddress":"203.0.113.7","userAgent":null}',
    )
    expect(personal).toBe(
      JSON.stringify({ details: event.details, ipAddress: event.ipAddress, userAgent: event.userAgent }),
    )
  })

  it('binds the other fields and the personal hash, JSON.stringify of them in that order', () => {
    const { id, agencyId, actorUserId, action, entityType, entityId, requestId } = event
    const personal = personalHash(event)
    expect(canonicalAuditJsonV2(event, personal)).toBe(
      JSON.stringify({
        ...{ id, agencyId, actorUserId, action, entityType, entityId, personal, requestId },
        createdAt: event.createdAt.toISOString(),
      }),
    )
  })

  // Computed apart from this code (Python's hashlib over the two strings).
  it('has a fixed vector', () => {
    expect(personalHash(event)).toBe('c3577afe56cd841f967d3448f493b12e4e4bc05c77369fb07465d869dc670a87')
    expect(contentHashV2(event, personalHash(event))).toBe(
      '1fe32bcef8d243b7d42960c586180ccef5272a298166074962e1de667b4e52ce',
    )
  })

  it('changes with any remaining field when the personal hash is kept', () => {
    const personal = personalHash(event)
    const digest = contentHashV2(event, personal)
    for (const changed of [
      { action: 'client.deleted' },
      { actorUserId: '11111111-2222-4333-8444-666666666666' },
      { entityId: 'c-2' },
      { createdAt: new Date('2025-01-31T09:05:00.124Z') },
      { id: '3f1c2d8e-5b6a-4c7d-8e9f-0a1b2c3d4e60' },
    ])
      expect(contentHashV2({ ...event, ...changed }, personal)).not.toBe(digest)
  })
})
