import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BATCH_FAILED_TEXT } from '#server/platform/spreadsheet-import/import-errors.ts'
import { IMPORT_TEXTS } from '#shared/contracts/client-import.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { csvOf, HEADER, uploadFile } from './client-import.test-support.ts'

let test: TestApp
let owner: SignedInUser
const lines: string[] = []
beforeAll(async () => {
  test = await buildTestApp({ logStream: { write: (line: string) => void lines.push(line) } })
  owner = await signUp(test)
})
afterAll(() => test.close())

const SECRET = 'jane.secret-client@example.com'

describe('client import logging', () => {
  it('logs a refused batch by row and SQL state, never with the rows it carried', async () => {
    await test.db.execute(sql`
      create function import_log_boom() returns trigger language plpgsql as $$
      begin raise exception 'boom' using errcode = 'P0001'; end $$`)
    await test.db.execute(sql`
      create trigger import_log_boom before insert on clients for each row execute function import_log_boom()`)
    try {
      const response = await uploadFile(
        test,
        owner.cookie,
        'a.csv',
        csvOf([HEADER, ['Jane', 'Secret', SECRET, '5552013344']]),
      )
      expect(response.json()).toMatchObject({
        successCount: 0,
        errors: [{ row: 2, message: BATCH_FAILED_TEXT }],
      })
    } finally {
      await test.db.execute(sql`drop trigger import_log_boom on clients`)
      await test.db.execute(sql`drop function import_log_boom`)
    }
    const logged = lines.find((line) => line.includes('client import batch rolled back'))
    expect(JSON.parse(logged!)).toMatchObject({ firstRow: 2, rows: 1, sqlState: 'P0001' })
    expect(lines.join('\n')).not.toContain(SECRET)
  })

  it('logs why a file was unreadable without quoting its content', async () => {
    const file = `${HEADER.join(',')}\n"${SECRET}${'x'.repeat(1_100_000)}`
    const response = await uploadFile(test, owner.cookie, 'b.csv', file)
    expect(response.json()).toEqual({ message: IMPORT_TEXTS.corrupt })
    const logged = lines.find((line) => line.includes('client import file unreadable'))
    expect(JSON.parse(logged!)).toMatchObject({ kind: 'csv', reason: expect.stringContaining('Error') })
    expect(lines.join('\n')).not.toContain(SECRET)
  })
})
