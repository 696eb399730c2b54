import { millisecondsInHour } from 'date-fns/constants'
import type { Db } from '#server/db/connect.ts'
import { type JobHandler, scheduleSingleton } from '#server/platform/jobs.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { sweepOrphanFiles } from './sweep-orphan-files.ts'

export const SWEEP_JOB = 'documents.sweep_orphans'
const SWEEP_EVERY_MS = 6 * millisecondsInHour

/** The first sweep, soon after a worker starts (once, however many workers start). */
export function scheduleOrphanSweep(db: Db, runAt = new Date(Date.now() + 60_000)): Promise<void> {
  return scheduleSingleton(db, { type: SWEEP_JOB, singletonKey: SWEEP_JOB, runAt })
}

/** Sweeps files left without a row, and books the next sweep. */
export function createOrphanSweepHandler(
  db: Db,
  storage: FileStorage,
  log: { info(obj: object, msg: string): void },
): JobHandler {
  return async () => {
    try {
      const removed = await sweepOrphanFiles(db, storage)
      if (removed > 0) log.info({ removed }, 'removed stored files that had no document')
    } finally {
      // Booked even when this sweep fails (storage down): the chain of sweeps never ends.
      await scheduleOrphanSweep(db, new Date(Date.now() + SWEEP_EVERY_MS))
    }
  }
}
