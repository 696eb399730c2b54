import { createHash } from 'node:crypto'
import { once } from 'node:events'
import { createRequire } from 'node:module'
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'

type Counted = { current: number; ttl: number }
type Answer = (error: Error | null, result?: Counted) => void
type Count = (key: string, answer: Answer, timeWindow: number, max: number) => void
interface PluginStore {
  incr: Count
  read: Count
  child(routeOptions: unknown): PluginStore
}
type PluginStoreCtor = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  ...rest: unknown[]
) => PluginStore

// The plugin's own two stores (its Lua script for Redis, its LRU in memory), combined below.
const require = createRequire(import.meta.url)
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as PluginStoreCtor
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as PluginStoreCtor

/**
 * What Redis sees of a client: a key can be its address or its whole Cookie header (page views
 * count per session), and the session token must not sit there in clear, as the database keeps
 * only its SHA-256 too.
 */
function digest(key: string): string {
  return createHash('sha256').update(key).digest('base64url')
}

/**
 * Counts in Redis, and in this process while Redis does not answer. The plugin's `skipOnError`
 * would instead stop counting altogether during an outage, leaving sign-in guesses unthrottled
 * (the per-email lockout lives in the database and holds either way).
 */
class FallingBackStore implements PluginStore {
  constructor(
    private readonly shared: PluginStore,
    private readonly local: PluginStore,
    private readonly failed: (error: Error) => void,
  ) {}

  incr(key: string, answer: Answer, timeWindow: number, max: number): void {
    this.shared.incr(digest(key), this.orLocally('incr', key, answer, timeWindow, max), timeWindow, max)
  }

  read(key: string, answer: Answer, timeWindow: number, max: number): void {
    this.shared.read(digest(key), this.orLocally('read', key, answer, timeWindow, max), timeWindow, max)
  }

  child(routeOptions: unknown): PluginStore {
    return new FallingBackStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.failed)
  }

  private orLocally(method: 'incr' | 'read', key: string, answer: Answer, timeWindow: number, max: number) {
    return (error: Error | null, result?: Counted) => {
      if (!error) return answer(null, result)
      this.failed(error)
      this.local[method](key, answer, timeWindow, max)
    }
  }
}

export interface SharedRateLimits {
  /** For @fastify/rate-limit's `store` option; route limits (sign-in, page views) share it too. */
  store: FastifyRateLimitStoreCtor
  close(): void
}

/**
 * Rate limits counted in Redis, so every process behind the load balancer spends one budget per
 * client. Redis being down never stops the app: the start goes on, each process counts on its
 * own (as without REDIS_URL), one warning says so, and one line says when Redis answers again.
 */
export async function connectSharedRateLimits(options: {
  url: string
  keyPrefix: string
  log: FastifyBaseLogger
}): Promise<SharedRateLimits> {
  const { log } = options
  const host = new URL(options.url).host // never the password in a log line
  // Fail fast rather than queue: a request waits at most a second on a hung Redis, and none while
  // it is known to be down. RESP2, the protocol the plugin's Lua script is tested with (and Redis < 6 speaks).
  const redis = new Redis(options.url, {
    protocol: 2,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  })
  let down = false
  const failed = (error: Error) => {
    if (down) return
    down = true
    log.warn(
      { redis: host, err: error.message },
      'Redis does not answer: rate limits count per process until it does',
    )
  }
  redis.on('error', failed)
  redis.on('ready', () => {
    if (!down) return
    down = false
    log.info({ redis: host }, 'Redis answers again: rate limits are shared across processes')
  })
  try {
    await once(redis, 'ready', { signal: AbortSignal.timeout(2_000) })
    log.info({ redis: host }, 'rate limits shared across processes through Redis')
  } catch (error) {
    failed(error instanceof Error ? error : new Error(String(error)))
  }
  const prefix = `${options.keyPrefix}rate-limit:`
  const store = class extends FallingBackStore {
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = params.continueExceeding ?? false
      const exponentialBackoff = params.exponentialBackoff ?? false
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, prefix),
        new LocalStore(continueExceeding, exponentialBackoff),
        failed,
      )
    }
  }
  return { store: store as unknown as FastifyRateLimitStoreCtor, close: () => redis.disconnect() }
}
