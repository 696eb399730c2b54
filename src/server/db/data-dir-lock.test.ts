import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { tempDirs } from '#test/temp-dirs.ts'
import { openDatabase } from './connect.ts'
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts'

const children: ChildProcess[] = []
afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
  dirs.removeAll()
})

const dirs = tempDirs()
const fresh = () => dirs.make('lock-test-')

/** Another live process, standing for a running app. */
function anotherProcess(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e6)'], { stdio: 'ignore' })
  children.push(child)
  return child
}

function claimedBy(dataDir: string, pid: number) {
  writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify({ pid, since: '2026-11-28T03:00:00.000Z' }))
}

describe('lockDataDir', () => {
  it('claims DATA_DIR for this process until released', () => {
    const dataDir = fresh()
    const release = lockDataDir(dataDir)
    expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
    })
    release()
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false)
  })

  it('refuses while another live process holds it, naming that process, and opens no database', async () => {
    const dataDir = fresh()
    const app = anotherProcess()
    claimedBy(dataDir, app.pid!)
    expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError)
    expect(() => lockDataDir(dataDir)).toThrow(
      `is in use by process ${app.pid} (since 2026-11-28T03:00:00.000Z)`,
    )
    await expect(openDatabase({ DATA_DIR: dataDir })).rejects.toThrow(DataDirInUseError)
    expect(existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(false)
  })

  it('takes over a claim whose process is gone, or that names this very process', async () => {
    const dataDir = fresh()
    const gone = anotherProcess()
    gone.kill('SIGKILL')
    await new Promise((resolve) => gone.once('exit', resolve))
    claimedBy(dataDir, gone.pid!)
    lockDataDir(dataDir)()
    claimedBy(dataDir, process.pid)
    const release = lockDataDir(dataDir)
    expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).since).not.toBe(
      '2026-11-28T03:00:00.000Z',
    )
    release()
  })

  it('leaves a claim that another process made since alone when releasing', () => {
    const dataDir = fresh()
    const release = lockDataDir(dataDir)
    claimedBy(dataDir, anotherProcess().pid!)
    release()
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(true)
  })
})
