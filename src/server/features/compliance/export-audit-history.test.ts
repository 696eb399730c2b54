import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAuditAs } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { COMPLIANCE_MESSAGES } from '#shared/contracts/compliance.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { signUp } from '#test/factories.ts'
import { startAuditHistoryExport } from './export-audit-history.ts'

// The history's page reads fail while `failPageReads` is set, as a database lost part-way through
// does: after a while, by when the header line has gone out with the 200.
let failPageReads = false
const dialect = new PgDialect()
function failingPageReads(db: Db): Db {
  return new Proxy(db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver)
      if (key !== 'execute') return typeof value === 'function' ? value.bind(target) : value
      return (query: SQL) => {
        if (failPageReads && dialect.sqlToQuery(query).sql.includes('AS redacted'))
          return new Promise((_, reject) =>
            setTimeout(() => reject(new Error('connection to the database was lost')), 100),
          )
        return value.call(target, query)
      }
    },
  })
}

let test: TestApp
let baseUrl: string
beforeAll(async () => {
  test = await buildTestApp({ wrapDb: failingPageReads })
  baseUrl = await test.app.listen({ host: '127.0.0.1', port: 0 })
})
afterAll(() => test.close())

const meta = { ipAddress: '203.0.113.9', userAgent: 'test', requestId: null }

async function lines(source: AsyncGenerator<string>): Promise<string[]> {
  let text = ''
  for await (const chunk of source) text += chunk
  return text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
}

describe('GET /api/compliance/audit-history.csv over a real connection', () => {
  it('cuts the connection when a read fails after the first bytes: the download fails, no short 200 file', async () => {
    const admin = await signUp(test)
    failPageReads = true
    try {
      const response = await fetch(`${baseUrl}/api/compliance/audit-history.csv`, {
        headers: { cookie: admin.cookie },
      })
      // The header line went out with the 200; the body then ends without its last chunk.
      expect(response.status).toBe(200)
      await expect(response.text()).rejects.toThrow()
    } finally {
      failPageReads = false
    }
    const whole = await fetch(`${baseUrl}/api/compliance/audit-history.csv`, {
      headers: { cookie: admin.cookie },
    })
    expect(whole.status).toBe(200)
    expect((await whole.text()).split('\r\n')[0]).toContain('Time (UTC),Action,Event')
  })
})

describe('the export’s row limit', () => {
  async function agencyWithEvents(count: number): Promise<Ctx> {
    const { user } = await signUp(test)
    const ctx: Ctx = {
      ...meta,
      actor: { agencyId: user.agencyId, userId: user.id, role: 'agency_admin', sessionId: 'x' },
    }
    for (let n = 0; n < count; n++) {
      await recordAuditAs(
        test.db,
        meta,
        { agencyId: user.agencyId, actorUserId: user.id },
        { action: 'client.viewed', entity: { type: 'client', id: `client-${n}` } },
      )
    }
    return ctx
  }

  it('refuses before any byte, with a message and no export event, when more events match than it holds', async () => {
    const ctx = await agencyWithEvents(4)
    const filters = { action: 'client.viewed' }
    const refusal = await startAuditHistoryExport(test.db, ctx, filters, 'x.csv', 3).catch((e) => e)
    expect(refusal).toBeInstanceOf(AppError)
    expect(refusal).toMatchObject({ code: 'INVALID_INPUT', message: COMPLIANCE_MESSAGES.exportTooLarge })
    const exported = await startAuditHistoryExport(
      test.db,
      ctx,
      { action: 'audit.history_exported' },
      'x.csv',
      3,
    )
    expect(await lines(exported)).toHaveLength(1)
  })

  it('exports every matching event up to the limit, and none written after it began', async () => {
    const ctx = await agencyWithEvents(3)
    const source = await startAuditHistoryExport(test.db, ctx, { action: 'client.viewed' }, 'x.csv', 3)
    await recordAuditAs(
      test.db,
      meta,
      { agencyId: ctx.actor.agencyId, actorUserId: ctx.actor.userId },
      { action: 'client.viewed', entity: { type: 'client', id: 'client-later' } },
    )
    const rows = await lines(source)
    expect(rows).toHaveLength(4)
    expect(rows.join('\n')).not.toContain('client-later')
    expect(rows.slice(1).map((row) => row.split(',')[7])).toEqual(['client-2', 'client-1', 'client-0'])
  })
})
