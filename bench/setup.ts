import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { openDatabase } from '#server/db/connect.ts'
import { resolveSession } from '#server/features/auth/sessions.service.ts'
import { seedCarrierCatalogue } from '#server/features/carriers/carriers.service.ts'
import type { Ctx } from '#server/platform/context.ts'
import { createFieldCipher } from '#server/platform/crypto.ts'
import type { CurrentUser } from '#shared/contracts/auth.contract.ts'

/** A new agency and its first user, signed up through the app as a browser would; its session cookie. */
export async function signUpBenchAgency(app: FastifyInstance, label: string) {
  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    headers: { origin: 'http://bench.local', host: 'bench.local' },
    payload: {
      firstName: 'Bench',
      lastName: 'Mark',
      email: `${label}-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@bench.example`,
      password: 'bench password',
    },
  })
  if (signup.statusCode !== 201 && signup.statusCode !== 200)
    throw new Error(`signup: ${signup.statusCode} ${signup.body}`)
  const user: CurrentUser = signup.json().user
  return { cookie: signup.headers['set-cookie']!.toString().split(';')[0]!, user }
}

/**
 * The real app for a bench server: the embedded database, or BENCH_DATABASE_URL, migrated and
 * with the carrier catalogue; rate limits out of the way; one signed-up agency to measure as.
 */
export async function startBenchApp(name: string) {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), `bench-${name}-`)),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    PAGE_VIEWS_PER_MINUTE: '100000000',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  })
  const database = await openDatabase(config)
  await database.migrate()
  await seedCarrierCatalogue(database.db)
  const app = await buildApp({
    config,
    db: database.db,
    sessionSecret: 'bench-session-secret-0123456789abcdef',
    cipher: createFieldCipher(Buffer.alloc(32, 3)),
    webRoot: null,
  })
  const { cookie, user } = await signUpBenchAgency(app, name)
  const policy = { idleMinutes: config.SESSION_IDLE_MINUTES, maxHours: config.SESSION_MAX_HOURS }

  /** For bare baseline routes: the caller's context from the cookie, with the app's own session query. */
  async function contextOf(cookieHeader: string | undefined, passive = false): Promise<Ctx | null> {
    const token = /(?:^|;\s*)sid=([^;]+)/.exec(cookieHeader ?? '')?.[1]
    const actor = token ? await resolveSession(database.db, policy, token, { passive }) : null
    return actor ? { actor, ipAddress: null, userAgent: null, requestId: null } : null
  }

  return { config, database, db: database.db, app, cookie, user, contextOf }
}
