import { utc } from '@date-fns/utc'
import { addDays as addDaysTo, startOfDay } from 'date-fns'
import type { Db, Executor } from '#server/db/connect.ts'
import { recordAuditAs } from '#server/platform/audit.ts'
import { utcToday } from '#server/platform/calendar.ts'
import { type JobHandler, scheduleSingleton } from '#server/platform/jobs.ts'
import { addDays } from '#shared/domain/policy-ledger.ts'
import { isWithinHorizon, milestoneDate, nextMilestone, todayIn } from '#shared/domain/renewal-pipeline.ts'
import { type ExpiringTerm, findTermsExpiring } from '../policies/policy-renewal.service.ts'
import { MAX_HORIZON_DAYS, renewalSettingsFor } from './renewal-settings.service.ts'
import * as repository from './renewals.repository.ts'

export const RENEWAL_PIPELINE_JOB = 'renewals.enter_pipeline'
/** Terms read and renewals written a transaction at a time: none holds its locks for long. */
const BATCH = 2000
const SYSTEM = { ipAddress: null, userAgent: 'renewal pipeline job', requestId: null }

/**
 * Puts every active policy whose current term expires within its agency's horizon into the
 * pipeline as upcoming. Idempotent: a term's renewal is unique, so a second run the same day, or
 * one after a run was killed midway, creates only what is missing. Answers how many it created.
 * `on` is the moment, read as each agency's own date in its time zone, or one calendar date for
 * every agency. `only` narrows it to one agency or one policy (a policy bound or imported inside
 * the horizon enters at once).
 */
export async function enterDueRenewals(
  db: Db,
  on: Date | string = new Date(),
  only: { agencyId?: string; policyId?: string } = {},
): Promise<number> {
  // Every agency's today lies within a day of the UTC date, whatever its time zone.
  const utcDate = typeof on === 'string' ? on : utcToday(on)
  const range = {
    from: typeof on === 'string' ? on : addDays(utcDate, -1),
    to: addDays(utcDate, MAX_HORIZON_DAYS + 1),
    ...only,
  }
  let after: { expirationDate: string; policyId: string } | undefined
  let created = 0
  for (;;) {
    const terms = await findTermsExpiring(db, range, { limit: BATCH, after })
    if (terms.length === 0) return created
    created += await db.transaction((tx) => enterTerms(tx, terms, on))
    const last = terms.at(-1)!
    after = { expirationDate: last.expirationDate, policyId: last.policyId }
    if (terms.length < BATCH) return created
  }
}

/** One batch: the terms inside their agency's horizon become upcoming renewals, audited per agency. */
async function enterTerms(tx: Executor, terms: ExpiringTerm[], on: Date | string): Promise<number> {
  const settings = await renewalSettingsFor(tx, [...new Set(terms.map((term) => term.agencyId))])
  const todayOf = (agencyId: string) =>
    typeof on === 'string' ? on : todayIn(settings.get(agencyId)!.timeZone, on)
  const due = terms.filter((term) =>
    isWithinHorizon(term.expirationDate, todayOf(term.agencyId), settings.get(term.agencyId)!.horizonDays),
  )
  const firstMilestone = nextMilestone('upcoming')!
  const created = await repository.insertNewRenewals(
    tx,
    due.map((term) => ({
      agencyId: term.agencyId,
      policyId: term.policyId,
      termId: term.termId,
      carrierId: term.carrierId,
      lineOfBusiness: term.lineOfBusiness,
      stage: 'upcoming' as const,
      // The policy's producer works its renewal until someone assigns it.
      assigneeId: term.producerUserId,
      expirationDate: term.expirationDate,
      expiringPremiumCents: term.writtenPremiumCents,
      dueDate: milestoneDate(term.expirationDate, firstMilestone, settings.get(term.agencyId)!.milestoneDays),
    })),
  )
  await repository.insertEvents(
    tx,
    created.map((row) => ({
      agencyId: row.agencyId,
      renewalId: row.id,
      kind: 'entered' as const,
      toStage: 'upcoming' as const,
    })),
  )
  const byAgency = new Map<string, typeof created>()
  for (const row of created) byAgency.set(row.agencyId, [...(byAgency.get(row.agencyId) ?? []), row])
  for (const [agencyId, rows] of byAgency) {
    await recordAuditAs(
      tx,
      SYSTEM,
      { agencyId, actorUserId: null },
      {
        action: 'renewal.entered',
        entity: { type: 'agency', id: agencyId },
        details: {
          count: rows.length,
          policyIds: rows.slice(0, 50).map((row) => row.policyId),
          on: todayOf(agencyId),
        },
      },
    )
  }
  return created.length
}

/** The next run, just after the coming UTC midnight; booked once however many workers start. */
export function scheduleRenewalPipeline(db: Db, runAt = new Date(Date.now() + 20_000)): Promise<void> {
  return scheduleSingleton(db, { type: RENEWAL_PIPELINE_JOB, singletonKey: RENEWAL_PIPELINE_JOB, runAt })
}

export function createRenewalPipelineHandler(
  db: Db,
  log: { info(obj: object, msg: string): void },
): JobHandler {
  return async () => {
    try {
      const created = await enterDueRenewals(db)
      log.info({ created }, 'renewal pipeline entered')
    } finally {
      const nextMidnight = startOfDay(addDaysTo(new Date(), 1, { in: utc }), { in: utc })
      await scheduleRenewalPipeline(db, new Date(nextMidnight.getTime() + 120_000))
    }
  }
}

/** Policies bound, entered or imported inside the horizon enter at once, not at the next daily run. */
export function createPoliciesWrittenHandler(db: Db): JobHandler {
  return async (job) => {
    if (!job.agencyId) return
    const policyId = typeof job.payload.policyId === 'string' ? job.payload.policyId : undefined
    await enterDueRenewals(db, new Date(), { agencyId: job.agencyId, policyId })
  }
}
