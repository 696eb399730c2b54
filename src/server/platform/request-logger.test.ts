import type { FastifyBaseLogger } from 'fastify'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { lazyRequestLogger } from './request-logger.ts'

/** A pino logger as the app makes one (redacting a password anywhere), writing into `lines`. */
function logger(level: string, lines: Record<string, unknown>[]) {
  const stream = { write: (line: string) => void lines.push(JSON.parse(line)) }
  return pino({ level, redact: { paths: ['*.password'], censor: '[redacted]' } }, stream)
}
const withoutTime = (lines: Record<string, unknown>[]) => lines.map(({ time: _time, ...rest }) => rest)

describe('lazyRequestLogger', () => {
  it('writes the same lines as a child made at once, at every level and through its own children', () => {
    const eager: Record<string, unknown>[] = []
    const lazy: Record<string, unknown>[] = []
    const logs = [eager, lazy].map((lines, i) => {
      const parent = logger('debug', lines)
      return i === 0 ? parent.child({ reqId: 'r1' }, {}) : lazyRequestLogger(parent, { reqId: 'r1' }, {})
    }) as FastifyBaseLogger[]
    for (const log of logs) {
      log.trace('not written')
      log.debug({ user: { password: 'secret' } }, 'debug line')
      log.warn('warn %s', 'formatted')
      log.child({ part: 'x' }).error({ err: new Error('boom') }, 'from a child')
      log.level = 'error'
      log.info('not written any more')
      log.fatal('still written')
    }
    expect(withoutTime(lazy)).toEqual(withoutTime(eager))
    expect(withoutTime(lazy).map((line) => line.msg)).toEqual([
      'debug line',
      'warn formatted',
      'from a child',
      'still written',
    ])
    expect(lazy[0]).toMatchObject({ reqId: 'r1', user: { password: '[redacted]' } })
  })

  it('makes no child for a request that writes nothing at the level set', () => {
    const parent = logger('warn', [])
    let children = 0
    const child = parent.child.bind(parent)
    parent.child = ((...args: Parameters<typeof child>) => {
      children++
      return child(...args)
    }) as typeof parent.child
    const log = lazyRequestLogger(parent, { reqId: 'r2' }, {})
    log.info('below the level')
    log.debug('below the level')
    expect(children).toBe(0)
    log.warn('written')
    log.error('written')
    expect(children).toBe(1)
  })
})

describe('request logs through the app', () => {
  const lines: Record<string, unknown>[] = []
  let test: TestApp
  afterAll(() => test.close())

  it('stamp the request id on the lines a request writes, and only then', async () => {
    test = await buildTestApp({
      env: { LOG_LEVEL: 'warn' },
      logStream: { write: (line: string) => void lines.push(JSON.parse(line)) },
    })
    expect((await test.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
    expect(lines).toEqual([])
    const refused = await test.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://elsewhere.example' },
      payload: {},
    })
    expect(refused.statusCode).toBe(403)
    expect(lines).toEqual([
      expect.objectContaining({ reqId: refused.headers['x-request-id'], msg: 'cross-site request refused' }),
    ])
  })
})
