import { describe, expect, it } from 'vitest'
import { IMPORT_MAX_BYTES, IMPORT_TEXTS } from '#shared/contracts/client-import.contract.ts'
import { checkImportFiles, TOO_MANY_FILES } from './check-import-files.ts'

function fileOf(name: string, size = 10): File {
  const file = new File(['x'], name)
  Object.defineProperty(file, 'size', { value: size })
  return file
}

describe('checkImportFiles', () => {
  it.each(['clients.csv', 'clients.xlsx', 'CLIENTS.XLS'])('accepts one %s file', (name) => {
    expect(checkImportFiles([fileOf(name)])).toBeNull()
  })

  it('accepts a file of exactly 10 MB', () => {
    expect(checkImportFiles([fileOf('big.csv', IMPORT_MAX_BYTES)])).toBeNull()
  })

  it.each([
    ['no file', [], IMPORT_TEXTS.noFile],
    ['two files', [fileOf('a.csv'), fileOf('b.csv')], TOO_MANY_FILES],
    ['a text file', [fileOf('clients.txt')], IMPORT_TEXTS.wrongType],
    ['a csv-looking name', [fileOf('clients.csv.exe')], IMPORT_TEXTS.wrongType],
    ['a file over 10 MB', [fileOf('big.csv', IMPORT_MAX_BYTES + 1)], IMPORT_TEXTS.tooLarge],
    ['an empty file', [fileOf('empty.csv', 0)], IMPORT_TEXTS.emptyFile],
  ])('refuses %s', (_case, files, message) => {
    expect(checkImportFiles(files)).toBe(message)
  })
})
