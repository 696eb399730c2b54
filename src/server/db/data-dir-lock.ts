import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** Beside pgdata, not in it: a snapshot of pgdata must not carry the running process's claim. */
export const LOCK_FILE = 'pgdata.lock'

export class DataDirInUseError extends Error {}

interface Holder {
  pid: number
  since: string
}

function readHolder(file: string): Holder | null {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>
    return typeof holder.pid === 'number' ? { pid: holder.pid, since: String(holder.since) } : null
  } catch {
    return null
  }
}

/** EPERM: the process exists but belongs to another user, which still holds the files. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Claims DATA_DIR's embedded database for this process, and answers the release. PGlite's files
 * belong to one process at a time: a second one (another `npm start`, `npm run backup` beside a
 * running app) would write over the first's pages. A claim whose process is gone (killed, a
 * crash) is stale and taken over; so is one naming this very process, as after a container
 * restart where the app is pid 1 again.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const file = path.resolve(dataDir, LOCK_FILE)
  const release = () => {
    if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true })
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify({ pid: process.pid, since: new Date().toISOString() }), {
        flag: 'wx',
        mode: 0o600,
      })
      return release
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = readHolder(file)
      if (holder && holder.pid !== process.pid && isAlive(holder.pid))
        throw new DataDirInUseError(
          `The embedded database in ${path.resolve(dataDir)} is in use by process ${holder.pid} ` +
            `(since ${holder.since}): stop the app first. If no app runs, remove ${file}.`,
        )
      rmSync(file, { force: true })
    }
  }
  throw new DataDirInUseError(`Another process claimed ${file} at the same moment: try again.`)
}
