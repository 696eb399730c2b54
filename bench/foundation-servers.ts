// Child process of the foundation bench: the real app and a bare Fastify server, one database.
// The bare routes call the same session and query functions, so both run the same SQL; the
// ratio between them is what the app's plugins, hooks, validation and serialisation cost.
import Fastify from 'fastify'
import { getCurrentUser } from '#server/features/auth/auth.service.ts'
import { getUsage } from '#server/features/billing/billing.service.ts'
import { getUnreadCount, notifyUser } from '#server/features/notifications/notifications.service.ts'
import { startBenchApp } from './setup.ts'

const { app, db, database, cookie, user, contextOf } = await startBenchApp('foundation')
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
bare.get('/api/auth/user', async (request, reply) => {
  const ctx = await contextOf(request.headers.cookie)
  return ctx ? getCurrentUser(db, ctx.actor, getUsage) : reply.status(401).send({ message: 'Unauthorized' })
})
bare.get('/api/notifications/unread-count', async (request, reply) => {
  const ctx = await contextOf(request.headers.cookie, true)
  return ctx
    ? { unreadCount: await getUnreadCount(db, ctx) }
    : reply.status(401).send({ message: 'Unauthorized' })
})

// This process's CPU time (both servers live in it; the bench loads one at a time).
const control = Fastify({ logger: false })
control.get('/cpu', async () => {
  const { user, system } = process.cpuUsage()
  return { ms: (user + system) / 1000 }
})

const appUrl = await app.listen({ port: 0, host: '127.0.0.1' })
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' })
const controlUrl = await control.listen({ port: 0, host: '127.0.0.1' })
console.log(JSON.stringify({ appUrl, bareUrl, controlUrl, cookie, database: database.kind }))

process.on('SIGTERM', async () => {
  await app.close()
  await bare.close()
  await control.close()
  await database.close()
  process.exit(0)
})
