// Two instances of the app with the same settings, as two processes behind a load balancer (each
// on its own database here: only what they share outside it is under test).
import { randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import { buildTestApp, type TestApp } from './build-test-app.ts'

export type InstancePair = [TestApp, TestApp]

/** A fresh key prefix for each pair keeps parallel runs apart in one Redis. */
export function uniqueRedisPrefix(): string {
  return `test-${randomBytes(6).toString('hex')}:`
}

/** Both instances' log lines go into `logs` when given. */
export async function startInstancePair(env: Record<string, string>, logs?: string[]): Promise<InstancePair> {
  const logStream = logs
    ? new Writable({
        write(chunk, _encoding, done) {
          logs.push(String(chunk))
          done()
        },
      })
    : undefined
  const settings = { REDIS_KEY_PREFIX: uniqueRedisPrefix(), ...env }
  const built = await Promise.all([0, 1].map(() => buildTestApp({ env: settings, logStream })))
  return built as InstancePair
}

export const health = (app: TestApp) => app.request({ method: 'GET', url: '/api/health' })

/** `count` health checks sent to the two instances in turn, from the same address. */
export async function alternateHealthChecks([a, b]: InstancePair, count: number): Promise<number[]> {
  const statuses: number[] = []
  for (let n = 0; n < count; n++) statuses.push((await health(n % 2 === 0 ? a : b)).statusCode)
  return statuses
}
