import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import type { DestinationStream } from 'pino'
import { type AppDeps, buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import type { Database, Db } from '#server/db/connect.ts'
import { createFieldCipher } from '#server/platform/crypto.ts'
import { createStorage } from '#server/platform/storage/create-storage.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { createTestDatabase } from './test-db.ts'

export const TEST_ORIGIN = 'http://app.test'
export const TEST_CIPHER = createFieldCipher(Buffer.alloc(32, 1))

export interface TestApp {
  app: FastifyInstance
  db: Db
  database: Database
  /** Where the app keeps documents: disk in the test's own DATA_DIR unless a test gave another. */
  storage: FileStorage
  /** inject() with the same-origin header a browser sends. */
  request(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

/** The real app on a fresh database, API only (no web build needed). */
export async function buildTestApp(
  options: {
    env?: Record<string, string>
    deps?: Partial<AppDeps>
    logStream?: DestinationStream
    /** Extra routes a test needs, added before the app is ready. */
    routes?: (app: FastifyInstance) => void
    /** The database as the app sees it, e.g. one whose reads fail on cue (the test keeps the real one). */
    wrapDb?: (db: Db) => Db
    /** Another database than a fresh test one, e.g. PGlite on disk in the test's DATA_DIR. */
    database?: Database
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase())
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'app-test-')),
    // Tests fire many requests at once on a busy machine: none is refused for waiting its turn
    // (admission.test.ts sets its own budget).
    REQUEST_WAIT_BUDGET_MS: '600000',
    ...options.env,
  })
  const storage = options.deps?.storage ?? createStorage(config)
  const app = await buildApp({
    config,
    db: options.wrapDb ? options.wrapDb(database.db) : database.db,
    storage,
    sessionSecret: 'test-session-secret-that-is-long-enough-0123456789',
    cipher: TEST_CIPHER,
    webRoot: null,
    logStream: options.logStream,
    ...options.deps,
  })
  options.routes?.(app)
  await app.ready()
  return {
    app,
    db: database.db,
    database,
    storage,
    request({ cookie, headers, ...rest }) {
      return app.inject({
        ...rest,
        headers: { origin: TEST_ORIGIN, host: 'app.test', ...(cookie ? { cookie } : {}), ...headers },
      })
    },
    async close() {
      await app.close()
      await database.close()
    },
  }
}
