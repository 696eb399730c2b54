import { mkdtempSync, writeFileSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { UnreadableFileError } from './import-errors.ts'
import { HEADER, xlsxOf } from './import-fixtures.ts'
import { openXlsxRows } from './read-xlsx-rows.ts'
import { readZipDirectory } from './zip-directory.ts'

async function rowsOf(bytes: Buffer, deadline: number) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'xlsx-rows-')), 'book.xlsx')
  writeFileSync(file, bytes)
  const handle = await open(file, 'r')
  const entries = await readZipDirectory(handle, bytes.length)
  await handle.close()
  const { rows } = await openXlsxRows(file, entries, bytes.length, deadline)
  const all = []
  for await (const row of rows) all.push(row)
  return all
}

describe('openXlsxRows', () => {
  it('reads the rows of the first sheet with their sheet row numbers', async () => {
    const book = await xlsxOf([HEADER, [], ['Ann', 'Lee', 'ann@example.com', 5552013344]])
    expect(await rowsOf(book, Date.now() + 10_000)).toEqual([
      { row: 1, cells: HEADER },
      { row: 3, cells: ['Ann', 'Lee', 'ann@example.com', 5552013344] },
    ])
  })

  it('stops with an unreadable-file error once the deadline has passed, instead of waiting', async () => {
    const book = await xlsxOf([HEADER, ['Ann', 'Lee', 'ann@example.com', 5552013344]])
    await expect(rowsOf(book, Date.now() - 1)).rejects.toBeInstanceOf(UnreadableFileError)
  })
})
