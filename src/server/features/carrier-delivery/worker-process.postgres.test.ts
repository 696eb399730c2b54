// A real worker process (npm run worker), killed with SIGKILL while a carrier holds its request,
// then another one started: PostgreSQL only, as PGlite serves a single process. The PGlite run
// leaves this file out (vitest.config.ts); delivery.test.ts covers the same takeover in-process.
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ALLOW_LIST,
  connectedApiCarrier,
  createApplication,
  type DeliveryHarness,
  sentTo,
  signUpProfessional,
  startDeliveryHarness,
  submissionsOf,
} from '#test/delivery-harness.ts'
import type { FakeCarrier } from '#test/fake-carrier.ts'

const STALE_AFTER_SECONDS = 2
const workers: ChildProcess[] = []
let harness: DeliveryHarness
let fake: FakeCarrier | undefined

beforeAll(async () => {
  // No worker in this process: the submit only queues the job.
  harness = await startDeliveryHarness({ submitWaitMs: 0 })
})
afterAll(async () => {
  for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL')
  await fake?.close()
  await harness.close()
})

/** `npm run worker` on the test's database, with the test app's encryption key. */
function startWorker(): ChildProcess {
  const url = harness.test.database.url
  if (!url) throw new Error('this test needs PostgreSQL (TEST_DATABASE_URL)')
  const worker = spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATA_ENCRYPTION_KEY: '01'.repeat(32),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'worker-test-')),
      CARRIER_ENDPOINT_ALLOWLIST: ALLOW_LIST,
      JOB_STALE_AFTER_SECONDS: String(STALE_AFTER_SECONDS),
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  workers.push(worker)
  return worker
}

describe('a worker process killed mid-delivery', () => {
  it('loses nothing: the next worker delivers it, and the carrier accepts it once', async () => {
    const agent = await signUpProfessional(harness.test)
    const connected = await connectedApiCarrier(harness.test, agent)
    fake = connected.fake
    fake.script([{ hang: true }])
    const application = await createApplication(harness.test, agent, connected.carrier.id)

    const first = startWorker()
    await fake.waitForRequests(1, 20_000)
    first.kill('SIGKILL')
    await once(first, 'exit')
    const [stuck] = await submissionsOf(harness.test, agent, application.id)
    expect(stuck!.status).toBe('queued')

    startWorker()
    const seen = await sentTo(
      fake,
      { test: harness.test, user: agent, applicationId: application.id },
      30_000,
    )
    expect(seen).toEqual({ confirmationNumber: 'FC-000001', requests: 2, keys: 1, accepted: 1 })
  }, 60_000)
})
