import { utc } from '@date-fns/utc'
import { addDays as addDaysTo, startOfDay } from 'date-fns'
import type { Db } from '#server/db/connect.ts'
import { recordAuditAs } from '#server/platform/audit.ts'
import { utcToday } from '#server/platform/calendar.ts'
import { type JobHandler, scheduleSingleton } from '#server/platform/jobs.ts'
import { addDays } from '#shared/domain/policy-ledger.ts'
import { todayIn } from '#shared/domain/renewal-pipeline.ts'
import { findRenewalSettings } from '../policies/book-settings.service.ts'
import { selectPolicyNumbers } from '../policies/policy-lookup.service.ts'
import { reconciliationSettingsFor } from './commission-settings.service.ts'
import * as repository from './never-paid.repository.ts'

export const NEVER_PAID_JOB = 'commissions.never_paid'
/** Exceptions written a statement at a time: a first run over a large book is many statements, not one huge one. */
export const NEVER_PAID_BATCH = 5000
/** Agencies whose time zones are read at once. */
const CHUNK = 1000
const SYSTEM = { ipAddress: null, userAgent: 'never-paid job', requestId: null }

export interface NeverPaidRun {
  created: number
  closed: number
}

/**
 * The daily look for commissions never paid (decision 031), an agency at a time, each in its own
 * transaction with one audit event when it changed anything: every expected commission with a
 * positive amount dated at least the agency's never-paid days before its own today, that no
 * matched or resolved line holds, gets an open never_paid exception; an open one whose expected row
 * has since been paid is closed as paid. Idempotent, and a resolved exception is never written
 * again. `on` is the moment (each agency's date in its time zone) or one calendar date for all;
 * `agencyId` narrows it to one agency.
 */
export async function recordNeverPaid(
  db: Db,
  on: Date | string = new Date(),
  only: { agencyId?: string } = {},
): Promise<NeverPaidRun> {
  // Every agency's today lies within a day of the UTC date, and the fewest days allowed is one.
  const utcDate = typeof on === 'string' ? on : utcToday(on)
  const agencyIds = only.agencyId
    ? [only.agencyId]
    : await repository.findAgenciesWithNeverPaidWork(db, utcDate)
  const run: NeverPaidRun = { created: 0, closed: 0 }
  for (let i = 0; i < agencyIds.length; i += CHUNK) {
    const chunk = agencyIds.slice(i, i + CHUNK)
    const zones = await findRenewalSettings(db, chunk)
    for (const agencyId of chunk) {
      const today = typeof on === 'string' ? on : todayIn(zones.get(agencyId)!.timeZone, on)
      const done = await recordAgencyNeverPaid(db, agencyId, today)
      run.created += done.created
      run.closed += done.closed
    }
  }
  return run
}

async function recordAgencyNeverPaid(db: Db, agencyId: string, today: string): Promise<NeverPaidRun> {
  return db.transaction(async (tx) => {
    const { neverPaidDays } = await reconciliationSettingsFor(tx, agencyId)
    const closed = await repository.closePaidNeverPaid(tx, agencyId)
    const scope = { agencyId, dueBy: addDays(today, -neverPaidDays), neverPaidDays, limit: NEVER_PAID_BATCH }
    const policyNumbers = selectPolicyNumbers(agencyId)
    let created = 0
    for (;;) {
      const written = await repository.insertNeverPaid(tx, policyNumbers, scope)
      created += written
      if (written < NEVER_PAID_BATCH) break
    }
    if (created + closed > 0) {
      await recordAuditAs(
        tx,
        SYSTEM,
        { agencyId, actorUserId: null },
        {
          action: 'commission.never_paid_recorded',
          entity: { type: 'agency', id: agencyId },
          details: { created, closed, on: today, neverPaidDays },
        },
      )
    }
    return { created, closed }
  })
}

/** The next run, just after the coming UTC midnight; booked once however many workers start. */
export function scheduleNeverPaid(db: Db, runAt = new Date(Date.now() + 30_000)): Promise<void> {
  return scheduleSingleton(db, { type: NEVER_PAID_JOB, singletonKey: NEVER_PAID_JOB, runAt })
}

export function createNeverPaidHandler(db: Db, log: { info(obj: object, msg: string): void }): JobHandler {
  return async () => {
    try {
      const run = await recordNeverPaid(db)
      log.info(run, 'never-paid commissions recorded')
    } finally {
      const nextMidnight = startOfDay(addDaysTo(new Date(), 1, { in: utc }), { in: utc })
      // After the renewal pipeline's run (two minutes past), so the two do not start together.
      await scheduleNeverPaid(db, new Date(nextMidnight.getTime() + 240_000))
    }
  }
}
