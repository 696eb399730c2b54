import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer as start } from '#test/server-process.ts'

// The real process on the embedded database: start, SIGTERM mid-request, restart, and read its log.

function post(base: string, url: string, body: unknown, cookie?: string) {
  return fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  })
}

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 300; i++) {
    if (check()) return
    await new Promise((r) => setTimeout(r, 10))
  }
  throw new Error(`timed out waiting for ${what}`)
}

const running: RunningServer[] = []
afterAll(() => {
  for (const r of running) r.child.kill('SIGKILL')
})

describe('the server process', () => {
  it('finishes the request in flight on SIGTERM, closes the database and keeps every row', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'app-main-'))
    const first = await start(dataDir)
    running.push(first)
    const password = 'Sup3r-secret-passphrase'
    const early = await post(first.base, '/api/auth/signup', {
      firstName: 'Ada',
      lastName: 'Early',
      email: 'early@agency-test.example',
      password,
    })
    expect(early.status).toBe(201)
    const token = early.headers.get('set-cookie')!.split(';')[0]!
    await fetch(`${first.base}/api/notifications?limit=5&ssn=123-45-6789`, { headers: { cookie: token } })

    // A signup hashes its password for tens of milliseconds: SIGTERM arrives while it runs.
    const inFlight = post(first.base, '/api/auth/signup', {
      firstName: 'Bo',
      lastName: 'InFlight',
      email: 'inflight@agency-test.example',
      password,
    })
    await until(() => first.output().split('/api/auth/signup').length > 2, 'the second signup to arrive')
    first.child.kill('SIGTERM')
    expect((await inFlight).status).toBe(201)
    expect(await first.exited, first.output()).toBe(0)
    expect(first.output()).toContain('stopped cleanly')

    const second = await start(dataDir)
    running.push(second)
    for (const email of ['early@agency-test.example', 'inflight@agency-test.example']) {
      const login = await post(second.base, '/api/auth/login', { email, password })
      expect(login.status, email).toBe(200)
    }
    second.child.kill('SIGTERM')
    expect(await second.exited, second.output()).toBe(0)

    const log = first.output() + second.output()
    expect(log).toContain('"reqId"')
    expect(log).not.toContain(password)
    expect(log).not.toContain(token.split('=')[1])
    expect(log).not.toContain('123-45-6789')
  }, 90_000)
})
