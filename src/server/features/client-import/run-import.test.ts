import { existsSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { ParseLease } from '#server/platform/spreadsheet-import/parse-pool.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { signUp } from '#test/factories.ts'
import { clientImports } from './client-import.table.ts'
import { runImport } from './import-records.service.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const quiet = { info() {}, warn() {}, error() {} }
const neverBusy = () => new AppError('TOO_MANY_REQUESTS', { message: 'not expected' })

async function ctxOfNewAgency(): Promise<Ctx> {
  const { user } = await signUp(test)
  return {
    actor: { userId: user.id, agencyId: user.agencyId, role: 'agency_admin', sessionId: 'test' },
    ipAddress: null,
    userAgent: null,
    requestId: null,
  }
}

/** A lease that says whether it was given back. */
function trackedLease() {
  const state = { released: 0 }
  const lease = { release: () => state.released++ } as unknown as ParseLease<unknown, unknown>
  return { state, lease }
}

const recordOf = async (id: string) =>
  (await test.db.select().from(clientImports).where(eq(clientImports.id, id)))[0]!

describe('runImport: the lifecycle every import shares', () => {
  it('answers busy without a free parse worker, before any record is made', async () => {
    const ctx = await ctxOfNewAgency()
    const busy = new AppError('TOO_MANY_REQUESTS', { message: 'busy' })
    let ran = false
    const setup = {
      kind: 'policies' as const,
      fileName: 'a.csv',
      lease: () => undefined,
      busy: () => busy,
      log: quiet,
    }
    await expect(
      runImport(test.db, ctx, setup, async () => {
        ran = true
      }),
    ).rejects.toBe(busy)
    expect(ran).toBe(false)
    const rows = await test.db
      .select()
      .from(clientImports)
      .where(eq(clientImports.agencyId, ctx.actor.agencyId))
    expect(rows).toEqual([])
  })

  it('gives the body its running record and folder, then releases the worker and removes the folder', async () => {
    const ctx = await ctxOfNewAgency()
    const { state, lease } = trackedLease()
    const setup = {
      kind: 'policies' as const,
      fileName: 'book.csv',
      lease: () => lease,
      busy: neverBusy,
      log: quiet,
    }
    const seen: string = await runImport(test.db, ctx, setup, async (run) => {
      expect(existsSync(run.workDir)).toBe(true)
      const record = await recordOf(run.recordId)
      expect(record).toMatchObject({ status: 'running', kind: 'policies', fileName: 'book.csv' })
      return run.workDir
    })
    expect(existsSync(seen)).toBe(false)
    expect(state.released).toBe(1)
  })

  it('records a failure in the answer’s own words, or the generic message for anything else', async () => {
    const ctx = await ctxOfNewAgency()
    const setup = { kind: 'clients' as const, fileName: 'x.csv', log: quiet, busy: neverBusy }
    let first = ''
    await expect(
      runImport(test.db, ctx, { ...setup, lease: () => trackedLease().lease }, async (run) => {
        first = run.recordId
        throw new AppError('INVALID_INPUT', { message: 'The file is empty.' })
      }),
    ).rejects.toThrow('The file is empty.')
    expect(await recordOf(first)).toMatchObject({ status: 'failed', failure: 'The file is empty.' })

    let second = ''
    const { state, lease } = trackedLease()
    await expect(
      runImport(test.db, ctx, { ...setup, lease: () => lease }, async (run) => {
        second = run.recordId
        throw new Error('row 3: secret@example.com is bad')
      }),
    ).rejects.toThrow('secret@example.com')
    expect(await recordOf(second)).toMatchObject({ status: 'failed', failure: GENERIC_MESSAGES.internal })
    expect(state.released).toBe(1)
  })
})
