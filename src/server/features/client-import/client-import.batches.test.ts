import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMPORT_BATCH_SIZE, IMPORT_LOCK_WAIT_MS } from '#server/platform/spreadsheet-import/import-limits.ts'
import { IMPORT_TEXTS } from '#shared/contracts/client-import.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { clients } from '../clients/clients.table.ts'
import { csvOf, HEADER, uploadFile } from './client-import.test-support.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

function emailsOf(user: SignedInUser) {
  return test.db
    .select({ email: clients.email })
    .from(clients)
    .where(eq(clients.agencyId, user.user.agencyId))
    .then((rows) => rows.map((row) => row.email).sort())
}

const rowsOf = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => [`F${i}`, 'Batch', `${prefix}${i}@example.com`, '5552013344'])

// On PostgreSQL the first batches are written while the file is still being read: these check that
// what the import promises does not depend on that.
describe('POST /api/clients/import batches', () => {
  it('writes nothing for a file broken at its last row, though its first batches were already sent', async () => {
    const owner = await signUp(test)
    const file = `${csvOf([HEADER, ...rowsOf(2 * IMPORT_BATCH_SIZE + 10, 'b')])}"Ann,Lee,ann@example.com`
    const response = await uploadFile(test, owner.cookie, 'broken-end.csv', file)
    expect(response.json()).toEqual({ message: IMPORT_TEXTS.corrupt })
    expect(await emailsOf(owner)).toEqual([])
  })

  it('writes a file longer than the batches written while reading, in file order', async () => {
    const owner = await signUp(test)
    const rows = rowsOf(2 * IMPORT_BATCH_SIZE + 10, 'l')
    // An email the agency has, in the last batch, and one repeated within the file.
    rows.push(
      ['Old', 'Timer', 'l3@example.com', '5552013344'],
      ['Late', 'Comer', 'late@example.com', '5552013344'],
    )
    await uploadFile(
      test,
      owner.cookie,
      'first.csv',
      csvOf([HEADER, ['Late', 'Comer', 'late@example.com', '5552013344']]),
    )
    const response = await uploadFile(test, owner.cookie, 'long.csv', csvOf([HEADER, ...rows]))
    expect(response.statusCode, response.body).toBe(200)
    const result = response.json()
    expect(result).toMatchObject({ totalRows: rows.length, successCount: rows.length - 2, errors: [] })
    expect(result.duplicates).toEqual([
      `Row ${rows.length}: l3@example.com`,
      `Row ${rows.length + 1}: late@example.com`,
    ])
    expect(result.imported[0]).toBe('F0 Batch <l0@example.com>')
    expect(result.imported.at(-1)).toBe(`F${rows.length - 3} Batch <l${rows.length - 3}@example.com>`)
    expect(await emailsOf(owner)).toHaveLength(rows.length - 1)
  })

  it('waits for an email another transaction is writing, and reports it as a duplicate once that one commits', async () => {
    const owner = await signUp(test)
    let release: () => void = () => {}
    const held = test.db.transaction(async (tx) => {
      await tx.insert(clients).values({
        agencyId: owner.user.agencyId,
        firstName: 'Held',
        lastName: 'Elsewhere',
        email: 'held@example.com',
      })
      await new Promise<void>((resolve) => {
        release = resolve
      })
    })
    const file = csvOf([HEADER, ...rowsOf(3, 'w'), ['Held', 'Again', 'held@example.com', '5552013344']])
    const importing = uploadFile(test, owner.cookie, 'held.csv', file)
    // Longer than a batch waiting for its commit may wait on another transaction's rows.
    await new Promise((resolve) => setTimeout(resolve, IMPORT_LOCK_WAIT_MS + 500))
    release()
    await held
    const response = await importing
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      successCount: 3,
      duplicates: ['Row 5: held@example.com'],
      errors: [],
    })
    expect(await emailsOf(owner)).toEqual([
      'held@example.com',
      'w0@example.com',
      'w1@example.com',
      'w2@example.com',
    ])
  })
})
