// Two web processes and two workers on one fresh PostgreSQL database, files in S3 (s3rver on
// loopback), set up as README "More than one process" says: for many-processes.postgres.test.ts.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Database } from '#server/db/connect.ts'
import { generateP12 } from '#server/features/esigning/signing-certificate.service.ts'
import { type AppProcess, startAppProcess } from './app-process.ts'
import { type FakeS3, startFakeS3 } from './fake-s3.ts'
import { TEST_REDIS_URL, testRedisAnswers } from './redis.ts'
import { createTestDatabase } from './test-db.ts'

export interface Fleet {
  /** The two web processes' addresses. */
  web: [string, string]
  database: Database
  /** Each process's own DATA_DIR: nothing is shared through a disk. */
  dataDirs: string[]
  /** Whether the web processes count rate limits in the test Redis (it answered). */
  redis: boolean
  /** Every process's last log lines, for a failing test's output. */
  tails(): string
  close(): Promise<void>
}

const scratch = (name: string) => mkdtempSync(path.join(tmpdir(), `${name}-`))

/**
 * All four start at once, as after a deploy: migrations and start-up work must bear that too.
 * Whatever started is stopped again if anything fails to.
 */
export async function startFleet(publicUrl: string, env: Record<string, string> = {}): Promise<Fleet> {
  const database = await createTestDatabase()
  let s3: FakeS3 | undefined
  const processes: AppProcess[] = []
  const close = async () => {
    await Promise.all(processes.map((running) => running.stop()))
    await s3?.close()
    await database.close()
  }
  try {
    if (!database.url) throw new Error('this test needs PostgreSQL (TEST_DATABASE_URL)')
    const [fakeS3, redis] = await Promise.all([startFakeS3(), testRedisAnswers()])
    s3 = fakeS3
    // One signing certificate for every process, as production shares one.
    const p12 = path.join(scratch('signing'), 'signing.p12')
    writeFileSync(p12, generateP12())
    const shared = {
      DATABASE_URL: database.url,
      DATA_ENCRYPTION_KEY: '02'.repeat(32),
      AUDIT_SIGNING_KEY: '03'.repeat(32),
      SESSION_SECRET: 'many-processes-session-secret-0123456789',
      SIGNING_P12_PATH: p12,
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      PUBLIC_URL: publicUrl,
      DEMO_DATA: 'false',
      WORKER: 'false',
      HOST: '127.0.0.1',
      PORT: '0',
      // A fresh key prefix keeps parallel runs apart in Redis.
      ...(redis
        ? { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:` }
        : {}),
      ...env,
    }
    const dataDirs: string[] = []
    const started = await Promise.allSettled(
      (['web', 'web', 'worker', 'worker'] as const).map((kind) => {
        const dataDir = scratch(`${kind}-process`)
        dataDirs.push(dataDir)
        return startAppProcess(kind, { ...shared, DATA_DIR: dataDir })
      }),
    )
    for (const result of started) if (result.status === 'fulfilled') processes.push(result.value)
    const failed = started.find((result) => result.status === 'rejected')
    if (failed) throw failed.reason
    return {
      web: [processes[0]!.url!, processes[1]!.url!],
      database,
      dataDirs,
      redis,
      tails: () => processes.map((running, n) => `process ${n}:\n${running.tail()}`).join('\n'),
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
