import { readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { millisecondsInDay } from 'date-fns/constants'

/** `backup-20261128T030000Z.tar.gz`: UTC, no colons (Windows shares), sorts by time as text. */
const NAME = /^backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar\.gz$/
/** A backup being written; renamed to its name only once whole. */
export const TEMP_PREFIX = '.partial-backup-'
/** A temp file this old belongs to no backup in flight: its process died before the rename. */
const TEMP_MAX_AGE_MS = millisecondsInDay

export interface BackupFile {
  name: string
  file: string
  createdAt: Date
}

export function backupFileName(createdAt: Date): string {
  const stamp = createdAt
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')
  return `backup-${stamp}.tar.gz`
}

/** The folder's backups, newest first. Anything else in it is not ours and is left alone. */
export async function listBackups(backupDir: string): Promise<BackupFile[]> {
  const names = await readdir(backupDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[]
    throw error
  })
  const backups: BackupFile[] = []
  for (const name of names) {
    const parts = NAME.exec(name)?.slice(1).map(Number)
    if (!parts) continue
    const [year, month, day, hour, minute, second] = parts as [number, number, number, number, number, number]
    const createdAt = new Date(Date.UTC(year, month - 1, day, hour, minute, second))
    backups.push({ name, file: path.join(backupDir, name), createdAt })
  }
  return backups.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
}

/**
 * Keeps the newest `keep` backups (made by the daily job or by `npm run backup` alike) and removes
 * the older ones, and temp files left by a backup whose process died. Answers the names removed.
 */
export async function pruneBackups(backupDir: string, keep: number, now = new Date()): Promise<string[]> {
  const removed: string[] = []
  for (const backup of (await listBackups(backupDir)).slice(Math.max(keep, 1))) {
    await rm(backup.file, { force: true })
    removed.push(backup.name)
  }
  for (const name of await readdir(backupDir).catch(() => [] as string[])) {
    if (!name.startsWith(TEMP_PREFIX)) continue
    const info = await stat(path.join(backupDir, name)).catch(() => null)
    if (info && now.getTime() - info.mtimeMs > TEMP_MAX_AGE_MS) {
      await rm(path.join(backupDir, name), { force: true })
      removed.push(name)
    }
  }
  return removed
}
