import type { Db } from '#server/db/connect.ts'
import { type JobHandler, scheduleSingleton } from '#server/platform/jobs.ts'
import { measureCarrierTurnaround } from '../carrier-delivery/carrier-delivery.service.ts'
import { replaceCarrierTurnaround } from './turnaround.repository.ts'

export const TURNAROUND_JOB = 'marketplace.measure_turnaround'
const HOUR_MS = 60 * 60_000

/**
 * Measures every catalogue carrier's turnaround again (carrier delivery answers only carriers
 * with enough decisions) and replaces the marketplace's copy in one transaction, so a carrier
 * that no longer qualifies loses its figure. Answers how many carriers have one.
 */
export async function refreshCarrierTurnaround(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const measured = await measureCarrierTurnaround(tx)
    await replaceCarrierTurnaround(tx, measured)
    return measured.length
  })
}

/** The next run, booked once however many workers start; the first soon after start-up. */
export function scheduleTurnaround(db: Db, runAt = new Date(Date.now() + 10_000)): Promise<void> {
  return scheduleSingleton(db, { type: TURNAROUND_JOB, singletonKey: TURNAROUND_JOB, runAt })
}

/** Hourly: the figures lag the carriers' answers by an hour at most. */
export function createTurnaroundHandler(db: Db, log: { info(obj: object, msg: string): void }): JobHandler {
  return async () => {
    try {
      const carriers = await refreshCarrierTurnaround(db)
      log.info({ carriers }, 'measured carrier turnaround')
    } finally {
      await scheduleTurnaround(db, new Date(Date.now() + HOUR_MS))
    }
  }
}
