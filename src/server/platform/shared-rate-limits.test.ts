// Rate limits across two instances of the app (each on its own database, as two processes would
// be), counted in the Redis that CI machines run at 127.0.0.1:6379 (TEST_REDIS_URL overrides it).
// The same budget across two real processes: many-processes.postgres.test.ts.
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import { Redis } from 'ioredis'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import type { TestApp } from '#test/build-test-app.ts'
import { signUp } from '#test/factories.ts'
import {
  alternateHealthChecks,
  health,
  type InstancePair,
  startInstancePair,
  uniqueRedisPrefix,
} from '#test/instance-pair.ts'
import { NO_REDIS, TEST_REDIS_URL, testRedisAnswers } from '#test/redis.ts'
import { startTcpProxy } from '#test/tcp-proxy.ts'

const REDIS_URL = TEST_REDIS_URL
const DOWN = 'Redis does not answer: rate limits count per process until it does'
const BACK = 'Redis answers again: rate limits are shared across processes'
const redisUp = await testRedisAnswers()
// Said once in the run's output too: a skipped test's note shows only in some reporters.
if (!redisUp) console.warn(NO_REDIS)

const apps: TestApp[] = []
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()))
})

async function twoInstances(env: Record<string, string>, logs?: string[]): Promise<InstancePair> {
  const pair = await startInstancePair(env, logs)
  apps.push(...pair)
  return pair
}
const alternate = alternateHealthChecks

describe('rate limits with REDIS_URL', () => {
  it('spend one budget across instances: requests split between them meet 429 at the shared limit', async (context) => {
    context.skip(!redisUp, NO_REDIS)
    const pair = await twoInstances({ REDIS_URL, RATE_LIMIT_PER_MINUTE: '6' })
    expect(await alternate(pair, 6)).toEqual([200, 200, 200, 200, 200, 200])
    for (const app of pair) {
      const refused = await health(app)
      expect(refused.statusCode).toBe(429)
      expect(refused.json()).toEqual({ message: GENERIC_MESSAGES.throttled })
    }
  })

  it('share the sign-in budget too, a route limit of its own', async (context) => {
    context.skip(!redisUp, NO_REDIS)
    const [a, b] = await twoInstances({ REDIS_URL, AUTH_RATE_LIMIT_PER_MINUTE: '3' })
    // A new email each time, so the per-email lockout (five failures) plays no part.
    const attempt = (app: TestApp, n: number) =>
      app.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `n${n}-${randomBytes(3).toString('hex')}@agency-test.example`, password: 'x' },
      })
    expect([(await attempt(a, 0)).statusCode, (await attempt(b, 1)).statusCode]).toEqual([401, 401])
    expect((await attempt(a, 2)).statusCode).toBe(401)
    expect((await attempt(b, 3)).statusCode).toBe(429)
    expect((await attempt(a, 4)).statusCode).toBe(429)
    // The general budget is another count: the instances still answer other calls.
    expect((await health(b)).statusCode).toBe(200)
  })

  it('write no address or session cookie to Redis, only their digests', async (context) => {
    context.skip(!redisUp, NO_REDIS)
    const prefix = uniqueRedisPrefix()
    // The session lives in the first instance's database (each has its own here).
    const [a] = await twoInstances({ REDIS_URL, REDIS_KEY_PREFIX: prefix })
    const user = await signUp(a)
    const view = { path: '/clients', device: 'desktop' }
    const viewed = await a.request({
      method: 'POST',
      url: '/api/analytics/page-views',
      cookie: user.cookie,
      payload: view,
    })
    expect(viewed.statusCode).toBe(201)
    const redis = new Redis(REDIS_URL)
    const keys = await redis.keys(`${prefix}*`).finally(() => redis.disconnect())
    // Sign-up's count (per address) and page views' (per session).
    expect(keys.length).toBeGreaterThanOrEqual(2)
    const token = user.cookie.split('=')[1]!
    expect(keys.filter((key) => key.includes(token) || key.includes('127.0.0.1'))).toEqual([])
  })

  it('count per instance while Redis is away, and in Redis again once it answers', async (context) => {
    context.skip(!redisUp, NO_REDIS)
    const target = new URL(REDIS_URL)
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) })
    try {
      const logs: string[] = []
      const pair = await twoInstances(
        { REDIS_URL: `redis://127.0.0.1:${proxy.port}`, RATE_LIMIT_PER_MINUTE: '4' },
        logs,
      )
      await proxy.cut()
      expect(await alternate(pair, 8)).toEqual([200, 200, 200, 200, 200, 200, 200, 200])
      expect((await health(pair[0])).statusCode).toBe(429)
      await proxy.restore()
      await vi.waitFor(() => expect(logs.filter((line) => line.includes(BACK))).toHaveLength(2), 15_000)
      // Redis saw none of the outage's requests, so the shared budget is whole again; counted
      // locally, the first instance would refuse at once.
      expect(await alternate(pair, 4)).toEqual([200, 200, 200, 200])
      expect((await health(pair[1])).statusCode).toBe(429)
    } finally {
      await proxy.close()
    }
  })
})

describe('rate limits without a Redis that answers', () => {
  it('count per instance without REDIS_URL: each has its own budget', async () => {
    const pair = await twoInstances({ RATE_LIMIT_PER_MINUTE: '3' })
    expect(await alternate(pair, 6)).toEqual([200, 200, 200, 200, 200, 200])
    expect((await health(pair[0])).statusCode).toBe(429)
    expect((await health(pair[1])).statusCode).toBe(429)
  })

  it('start and answer when Redis is down, counting per instance, with a warning in the log', async () => {
    // A port that was just free: nothing listens there, so connecting is refused at once.
    const closed = createServer().listen(0, '127.0.0.1')
    await new Promise((resolve) => closed.once('listening', resolve))
    const { port } = closed.address() as { port: number }
    await new Promise((resolve) => closed.close(resolve))
    const logs: string[] = []
    const pair = await twoInstances(
      { REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_PER_MINUTE: '3' },
      logs,
    )
    expect(await alternate(pair, 6)).toEqual([200, 200, 200, 200, 200, 200])
    expect((await health(pair[0])).statusCode).toBe(429)
    // One line per instance and outage, not one per request or per reconnection attempt.
    const warnings = logs.map((line) => JSON.parse(line)).filter((entry) => entry.msg === DOWN)
    expect(warnings).toHaveLength(2)
    expect(warnings[0]).toMatchObject({ level: 40, redis: `127.0.0.1:${port}` })
  })
})
