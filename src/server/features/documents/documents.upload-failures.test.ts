import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDiskStorage } from '#server/platform/storage/disk-storage.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { MALFORMED_UPLOAD_MESSAGE } from '#server/platform/uploads.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { signUp } from '#test/factories.ts'
import { leftBehind, samples, uploadBody, uploadDocumentAs } from '#test/file-fixtures.ts'

/** Disk storage whose next put, when armed, fails after taking some of the bytes (a full disk, S3 gone). */
function storageFailingOnce(): FileStorage & { failNextPut(): void } {
  const disk = createDiskStorage(mkdtempSync(path.join(tmpdir(), 'documents-failing-')))
  let armed = false
  return {
    ...disk,
    failNextPut: () => {
      armed = true
    },
    put(key, body, options) {
      if (!armed) return disk.put(key, body, options)
      armed = false
      // Lazy: nothing is read (nor fails) before the put's own pipeline listens.
      async function* failing() {
        let seen = 0
        for await (const chunk of body as Readable) {
          seen += (chunk as Buffer).length
          if (seen > 100_000) throw new Error('disk full')
          yield chunk as Buffer
        }
      }
      return disk.put(key, Readable.from(failing()), options)
    },
  }
}

const storage = storageFailingOnce()
let test: TestApp

beforeAll(async () => {
  test = await buildTestApp({ deps: { storage } })
  // A database that refuses the row after the file is stored: the last step of the upload fails.
  await test.db.execute(sql`
    create function refuse_test_upload() returns trigger language plpgsql as $$
    begin
      if new.filename = 'refused-by-database.pdf' then raise exception 'refused by the test'; end if;
      return new;
    end $$`)
  await test.db.execute(sql`
    create trigger refuse_test_upload before insert on documents
    for each row execute function refuse_test_upload()`)
})
afterAll(() => test.close())

describe('a failed upload leaves no row and no stored object', () => {
  it.each([
    ['inside the first 64 KB', 20_000],
    ['while streaming to storage', 600_000],
  ])('when the body is cut short %s', async (_case, cutAt) => {
    const user = await signUp(test)
    const { payload, headers } = uploadBody({ documentType: 'w9', content: samples.pdf(1024 * 1024) })
    const response = await test.request({
      method: 'POST',
      url: '/api/documents/upload',
      cookie: user.cookie,
      headers,
      payload: payload.subarray(0, cutAt),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: MALFORMED_UPLOAD_MESSAGE })
    expect(await leftBehind(test, user)).toEqual({ rows: [], objects: [] })
  })

  it('when storage fails midway', async () => {
    const user = await signUp(test)
    storage.failNextPut()
    const response = await uploadDocumentAs(test, user.cookie, {
      documentType: 'w9',
      content: samples.pdf(500_000),
    })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ message: GENERIC_MESSAGES.internal })
    expect(await leftBehind(test, user)).toEqual({ rows: [], objects: [] })
  })

  it('when the database refuses the row after the file was stored', async () => {
    const user = await signUp(test)
    const response = await uploadDocumentAs(test, user.cookie, {
      documentType: 'w9',
      fileName: 'refused-by-database.pdf',
      content: samples.pdf(300_000),
    })
    expect(response.statusCode).toBe(500)
    expect(await leftBehind(test, user)).toEqual({ rows: [], objects: [] })
  })

  it('and the next upload goes through', async () => {
    const user = await signUp(test)
    const response = await uploadDocumentAs(test, user.cookie, {
      documentType: 'w9',
      content: samples.pdf(300_000),
    })
    expect(response.statusCode, response.body).toBe(201)
    expect((await leftBehind(test, user)).objects).toHaveLength(1)
  })
})
