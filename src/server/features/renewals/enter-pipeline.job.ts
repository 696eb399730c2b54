import { utc } from '@date-fns/utc'
import { addDays as addDaysTo, startOfDay } from 'date-fns'
import type { Db, Executor } from '#server/db/connect.ts'
import { recordAuditAs } from '#server/platform/audit.ts'
import { utcToday } from '#server/platform/calendar.ts'
import { type JobHandler, scheduleSingleton } from '#server/platform/jobs.ts'
import { addDays } from '#shared/domain/policy-ledger.ts'
import {
  milestoneDate,
  nextMilestone,
  type RenewalSettings,
  todayIn,
} from '#shared/domain/renewal-pipeline.ts'
import {
  type ExpiringTerm,
  findAgenciesWithTermsExpiring,
  findTermsExpiring,
} from '../policies/policy-renewal.service.ts'
import { MAX_HORIZON_DAYS, renewalSettingsFor } from './renewal-settings.service.ts'
import * as repository from './renewals.repository.ts'

export const RENEWAL_PIPELINE_JOB = 'renewals.enter_pipeline'
/** Terms read and renewals written a transaction at a time: none holds its locks for long. */
const BATCH = 2000
/** Renewals created between two refreshes of the tables' statistics during one run. */
const ANALYZE_EVERY = 20_000
const SYSTEM = { ipAddress: null, userAgent: 'renewal pipeline job', requestId: null }

/**
 * Puts every active policy whose current term expires within its agency's horizon into the
 * pipeline as upcoming, an agency at a time and a batch of terms per transaction, each with one
 * audit event. Idempotent: a term's renewal is unique, so a second run the same day, or one after
 * a run was killed midway, creates only what is missing. Answers how many it created. `on` is the
 * moment, read as each agency's own date in its time zone, or one calendar date for every agency.
 * `only` narrows it to one agency or one policy (a policy bound or imported inside the horizon
 * enters at once).
 */
export async function enterDueRenewals(
  db: Db,
  on: Date | string = new Date(),
  only: { agencyId?: string; policyId?: string } = {},
): Promise<number> {
  // Every agency's today lies within a day of the UTC date, whatever its time zone.
  const utcDate = typeof on === 'string' ? on : utcToday(on)
  const agencyIds = only.agencyId
    ? [only.agencyId]
    : await findAgenciesWithTermsExpiring(db, {
        from: addDays(utcDate, -1),
        to: addDays(utcDate, MAX_HORIZON_DAYS + 1),
      })
  let created = 0
  let sinceAnalyze = 0
  for (const agencyId of agencyIds) {
    const settings = (await renewalSettingsFor(db, [agencyId])).get(agencyId)!
    const today = typeof on === 'string' ? on : todayIn(settings.timeZone, on)
    const entered = await enterAgencyRenewals(db, today, { agencyId, policyId: only.policyId }, settings)
    created += entered
    sinceAnalyze += entered
    // A first run over a large book fills empty tables faster than autovacuum looks at them:
    // planned for empty tables, each foreign-key check of a new event scanned every renewal
    // (96 renewals a second over a million policies instead of thousands).
    if (sinceAnalyze >= ANALYZE_EVERY) {
      await repository.refreshStatistics(db)
      sinceAnalyze = 0
    }
  }
  return created
}

/** One agency's terms inside its horizon from its own today, read and written a batch at a time. */
async function enterAgencyRenewals(
  db: Db,
  today: string,
  only: { agencyId: string; policyId?: string },
  settings: RenewalSettings,
): Promise<number> {
  const range = { from: today, to: addDays(today, settings.horizonDays), ...only }
  let after: { expirationDate: string; policyId: string } | undefined
  let created = 0
  for (;;) {
    const terms = await findTermsExpiring(db, range, { limit: BATCH, after })
    if (terms.length === 0) return created
    created += await db.transaction((tx) => enterTerms(tx, only.agencyId, terms, today, settings))
    const last = terms.at(-1)!
    after = { expirationDate: last.expirationDate, policyId: last.policyId }
    if (terms.length < BATCH) return created
  }
}

/** One batch: the terms become upcoming renewals, with one audit event for the batch. */
async function enterTerms(
  tx: Executor,
  agencyId: string,
  terms: ExpiringTerm[],
  today: string,
  settings: RenewalSettings,
): Promise<number> {
  const firstMilestone = nextMilestone('upcoming')!
  const created = await repository.insertNewRenewals(
    tx,
    terms
      .filter(
        (term): term is ExpiringTerm & { termId: string; writtenPremiumCents: number } =>
          term.termId !== null && term.writtenPremiumCents !== null,
      )
      .map((term) => ({
        agencyId,
        policyId: term.policyId,
        termId: term.termId,
        carrierId: term.carrierId,
        lineOfBusiness: term.lineOfBusiness,
        stage: 'upcoming' as const,
        // The policy's producer works its renewal until someone assigns it.
        assigneeId: term.producerUserId,
        expirationDate: term.expirationDate,
        expiringPremiumCents: term.writtenPremiumCents,
        dueDate: milestoneDate(term.expirationDate, firstMilestone, settings.milestoneDays),
      })),
  )
  if (created.length === 0) return 0
  await repository.insertEvents(
    tx,
    created.map((row) => ({
      agencyId,
      renewalId: row.id,
      kind: 'entered' as const,
      toStage: 'upcoming' as const,
    })),
  )
  await recordAuditAs(
    tx,
    SYSTEM,
    { agencyId, actorUserId: null },
    {
      action: 'renewal.entered',
      entity: { type: 'agency', id: agencyId },
      details: {
        count: created.length,
        policyIds: created.slice(0, 50).map((row) => row.policyId),
        on: today,
      },
    },
  )
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
