import type { PGlite } from '@electric-sql/pglite'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectPglite, connectPostgres, type Database } from '#server/db/connect.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import * as repository from './carriers.repository.ts'
import { agencyCarrierSettings, carriers } from './carriers.table.ts'
import { findActiveCarriersFor } from './find-active-carriers.ts'

let test: TestApp
let other: Database
let owner: SignedInUser
beforeAll(async () => {
  test = await buildTestApp()
  owner = await signUp(test)
  // Another process on the same database, with its own kept rows: a pool of its own on
  // PostgreSQL; on PGlite (one process only) a second connection object to the same database.
  other = test.database.url
    ? connectPostgres(test.database.url, { max: 2 })
    : connectPglite((test.db as unknown as { $client: PGlite }).$client)
})
afterAll(async () => {
  if (test.database.url) await other.close()
  await test.close()
})

/** What a recommendation reads in that process, and what a fresh read gives: always the same. */
async function readIn(database: Database, user = owner) {
  const kept = await findActiveCarriersFor(database.db, user.user.agencyId, 'auto', 'TX')
  const fresh = await repository.findActiveCarriersFor(database.db, user.user.agencyId, 'auto', 'TX')
  expect(kept).toEqual(fresh.rows)
  return kept
}
const writesAutoInTexas = sql`'auto' = any(${carriers.supportedTypes}) and 'TX' = any(${carriers.states})`
const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id)

async function addOwnCarrier(code: string) {
  const response = await test.request({
    method: 'POST',
    url: '/api/carriers',
    cookie: owner.cookie,
    payload: { name: `Kept ${code}`, code, state: 'TX', supportedTypes: ['auto'], submissionMethod: 'pdf' },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id as string
}
const switchCarrier = (id: string, isActive: boolean) =>
  test.request({
    method: 'PUT',
    url: `/api/carriers/${id}/active`,
    cookie: owner.cookie,
    payload: { isActive },
  })

describe('findActiveCarriersFor, kept between calls', () => {
  it('answers the same rows again while nothing changed, without reading them again', async () => {
    const first = await findActiveCarriersFor(other.db, owner.user.agencyId, 'auto', 'TX')
    expect(first.length).toBeGreaterThan(5)
    expect(await findActiveCarriersFor(other.db, owner.user.agencyId, 'auto', 'TX')).toBe(first)
    expect(Object.isFrozen(first) && Object.isFrozen(first[0])).toBe(true)
  })

  it('sees a carrier added, switched off and on through another process at once', async () => {
    await readIn(other)
    const id = await addOwnCarrier('KEPT1')
    expect(ids(await readIn(other))).toContain(id)
    expect((await switchCarrier(id, false)).statusCode).toBe(200)
    expect(ids(await readIn(other))).not.toContain(id)
    expect((await switchCarrier(id, true)).statusCode).toBe(200)
    expect(ids(await readIn(other))).toContain(id)
  })

  it('sees the agency switching a catalogue carrier off and on, and its switches truncated', async () => {
    const [catalogue] = await test.db
      .select({ id: carriers.id })
      .from(carriers)
      .where(and(isNull(carriers.agencyId), eq(carriers.isActive, true), writesAutoInTexas))
      .limit(1)
    expect(ids(await readIn(other))).toContain(catalogue!.id)
    expect((await switchCarrier(catalogue!.id, false)).statusCode).toBe(200)
    expect(ids(await readIn(other))).not.toContain(catalogue!.id)
    expect((await switchCarrier(catalogue!.id, true)).statusCode).toBe(200)
    expect(ids(await readIn(other))).toContain(catalogue!.id)
    expect((await switchCarrier(catalogue!.id, false)).statusCode).toBe(200)
    expect(ids(await readIn(other))).not.toContain(catalogue!.id)
    await test.db.execute(sql`truncate ${agencyCarrierSettings}`)
    expect(ids(await readIn(other))).toContain(catalogue!.id)
  })

  it('sees a carrier changed or deleted by hand, and a catalogue change in every agency', async () => {
    const id = await addOwnCarrier('KEPT2')
    const second = await signUp(test)
    await readIn(other)
    await readIn(other, second)
    await test.db.update(carriers).set({ coverageRating: 1 }).where(eq(carriers.id, id))
    expect((await readIn(other)).find((row) => row.id === id)?.coverageRating).toBe(1)
    await test.db.delete(carriers).where(eq(carriers.id, id))
    expect(ids(await readIn(other))).not.toContain(id)

    const [catalogue] = await test.db
      .update(carriers)
      .set({ avgPremiumCents: 12_345 })
      .where(and(isNull(carriers.agencyId), eq(carriers.isActive, true), writesAutoInTexas))
      .returning({ id: carriers.id })
    for (const user of [owner, second]) {
      const rows = await readIn(other, user)
      expect(rows.find((row) => row.id === catalogue!.id)?.avgPremiumCents).toBe(12_345)
    }
  })

  it('keeps nothing a rolled-back change wrote', async () => {
    const before = await readIn(other)
    await expect(
      test.db.transaction(async (tx) => {
        await tx.update(carriers).set({ coverageRating: 2 }).where(eq(carriers.agencyId, owner.user.agencyId))
        expect(await findActiveCarriersFor(tx, owner.user.agencyId, 'auto', 'TX')).not.toEqual(before)
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await readIn(other)).toEqual(before)
  })
})
