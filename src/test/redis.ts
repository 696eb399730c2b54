import { Redis } from 'ioredis'

/** The Redis that CI machines run; TEST_REDIS_URL points the tests at another. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
export const NO_REDIS = `Redis does not answer at ${TEST_REDIS_URL}: shared rate limits are not tested`

/** Whether the test Redis answers a PING within a second (tests needing it skip, saying why). */
export async function testRedisAnswers(): Promise<boolean> {
  const probe = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1_000,
    retryStrategy: () => null,
  })
  probe.on('error', () => {})
  try {
    await probe.connect()
    return (await probe.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    probe.disconnect()
  }
}
