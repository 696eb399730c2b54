// Child process of the foundation bench: the real app and a bare Fastify server, one database.
// The bare routes call the same session and query functions, so both run the same SQL; the
// ratio between them is what the app's plugins, hooks, validation and serialisation cost.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { openDatabase } from '#server/db/connect.ts'
import { getCurrentUser } from '#server/features/auth/auth.service.ts'
import { getUnreadCount, notifyUser } from '#server/features/notifications/notifications.service.ts'
import { createFieldCipher } from '#server/platform/crypto.ts'
import { resolveSession } from '#server/platform/session.ts'

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-'))
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '100000000',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
})
const database = await openDatabase(config)
await database.migrate()
const db = database.db
const policy = { idleMinutes: config.SESSION_IDLE_MINUTES, maxHours: config.SESSION_MAX_HOURS }

const app = await buildApp({
  config,
  db,
  sessionSecret: 'bench-session-secret-0123456789abcdef',
  cipher: createFieldCipher(Buffer.alloc(32, 3)),
  webRoot: null,
})
const signup = await app.inject({
  method: 'POST',
  url: '/api/auth/signup',
  headers: { origin: 'http://bench.local', host: 'bench.local' },
  payload: {
    firstName: 'Bench',
    lastName: 'Mark',
    email: `bench-${Date.now()}@bench.example`,
    password: 'bench password',
  },
})
const cookie = signup.headers['set-cookie']!.toString().split(';')[0]!
const user = signup.json().user
for (let i = 0; i < 30; i++) {
  await notifyUser(db, {
    agencyId: user.agencyId,
    userId: user.id,
    title: `n${i}`,
    message: 'm',
    type: 'update',
    priority: 'normal',
  })
}

const bare = Fastify({ logger: false })
const tokenOf = (header: string | undefined) => /(?:^|;\s*)sid=([^;]+)/.exec(header ?? '')?.[1]
bare.get('/api/auth/user', async (request, reply) => {
  const token = tokenOf(request.headers.cookie)
  const actor = token ? await resolveSession(db, policy, token, { passive: false }) : null
  if (!actor) return reply.status(401).send({ message: 'Unauthorized' })
  return getCurrentUser(db, actor)
})
bare.get('/api/notifications/unread-count', async (request, reply) => {
  const token = tokenOf(request.headers.cookie)
  const actor = token ? await resolveSession(db, policy, token, { passive: true }) : null
  if (!actor) return reply.status(401).send({ message: 'Unauthorized' })
  return {
    unreadCount: await getUnreadCount(db, { actor, ipAddress: null, userAgent: null, requestId: null }),
  }
})

const appUrl = await app.listen({ port: 0, host: '127.0.0.1' })
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' })
console.log(JSON.stringify({ appUrl, bareUrl, cookie, database: database.kind }))

process.on('SIGTERM', async () => {
  await app.close()
  await bare.close()
  await database.close()
  process.exit(0)
})
