import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { tempDirs } from '#test/temp-dirs.ts'
import { backupFileName, listBackups, pruneBackups, TEMP_PREFIX } from './backup-folder.ts'

const dirs = tempDirs()
afterAll(() => dirs.removeAll())
const day = (n: number) => new Date(Date.UTC(2026, 10, n, 3, 0, 0))

function folderWith(names: string[]): string {
  const dir = dirs.make('backups-test-')
  for (const name of names) writeFileSync(path.join(dir, name), name)
  return dir
}

describe('the backup folder', () => {
  it('names a backup by its UTC time, without colons, and reads the time back', async () => {
    expect(backupFileName(new Date('2026-11-28T03:04:05.678Z'))).toBe('backup-20261128T030405Z.tar.gz')
    const dir = folderWith([backupFileName(day(3)), backupFileName(day(12)), backupFileName(day(7))])
    expect((await listBackups(dir)).map((backup) => backup.createdAt)).toEqual([day(12), day(7), day(3)])
  })

  it('keeps the newest N by their time and removes the older ones', async () => {
    // Written out of order, so neither the listing's order nor the files' times decide.
    const dir = folderWith([5, 1, 9, 3, 7, 2, 8, 6, 4].map((n) => backupFileName(day(n))))
    const removed = await pruneBackups(dir, 7)
    expect(removed.sort()).toEqual([backupFileName(day(1)), backupFileName(day(2))])
    expect(readdirSync(dir).sort()).toEqual([3, 4, 5, 6, 7, 8, 9].map((n) => backupFileName(day(n))))
    expect(await pruneBackups(dir, 7)).toEqual([])
  })

  it('never touches what is not a backup of ours, even in a shared folder', async () => {
    const foreign = ['notes.txt', 'backup-latest.tar.gz', 'backup-20261101T030000Z.tar.gz.sha256']
    const dir = folderWith([...foreign, backupFileName(day(1)), backupFileName(day(2))])
    mkdirSync(path.join(dir, 'backup-20261102T030000Z.tar.gz.d'))
    await pruneBackups(dir, 1)
    expect(readdirSync(dir).sort()).toEqual(
      [...foreign, backupFileName(day(2)), 'backup-20261102T030000Z.tar.gz.d'].sort(),
    )
  })

  it('removes a partial backup a dead process left a day ago, not one being written now', async () => {
    const old = `${TEMP_PREFIX}old.tar.gz`
    const young = `${TEMP_PREFIX}young.tar.gz`
    const dir = folderWith([old, young])
    const now = new Date()
    const twoDaysAgo = new Date(now.getTime() - 2 * 24 * 3600_000)
    utimesSync(path.join(dir, old), twoDaysAgo, twoDaysAgo)
    expect(await pruneBackups(dir, 7, now)).toEqual([old])
    expect(readdirSync(dir)).toEqual([young])
  })
})
