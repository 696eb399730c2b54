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
import type { UpcomingRenewal } from './renewals.repository.ts'
import * as repository from './renewals.repository.ts'

export const RENEWAL_PIPELINE_JOB = 'renewals.enter_pipeline'
/**
 * Renewals written a transaction at a time: none holds its locks for long. Small agencies share
 * one (each still with its own audit event): a transaction an agency cost more in commits than in
 * writing over a thousand agencies.
 */
const BATCH = 2000
/** Agencies whose settings are read at once. */
const SETTINGS_CHUNK = 1000
/** Renewals created before the first refresh of the tables' statistics during one run; doubled after each. */
const FIRST_ANALYZE_AT = 20_000
const SYSTEM = { ipAddress: null, userAgent: 'renewal pipeline job', requestId: null }

/**
 * Puts every active policy whose current term expires within its agency's horizon into the
 * pipeline as upcoming, an agency at a time, written in batches with one audit event per agency
 * and batch. Idempotent: a term's renewal is unique, so a second run the same day, or one after a
 * run was killed midway, creates only what is missing. Answers how many it created. `on` is the
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
  const writer = new BatchWriter(db)
  for (let i = 0; i < agencyIds.length; i += SETTINGS_CHUNK) {
    const chunk = agencyIds.slice(i, i + SETTINGS_CHUNK)
    const settingsByAgency = await renewalSettingsFor(db, chunk)
    for (const agencyId of chunk) {
      const settings = settingsByAgency.get(agencyId)!
      const today = typeof on === 'string' ? on : todayIn(settings.timeZone, on)
      const range = {
        from: today,
        to: addDays(today, settings.horizonDays),
        agencyId,
        policyId: only.policyId,
      }
      for await (const terms of pagesOfTerms(db, range)) {
        await writer.add(
          today,
          terms.flatMap((term) => upcoming(agencyId, term, settings)),
        )
      }
    }
  }
  await writer.flush()
  return writer.created
}

/** The terms inside the range, a page at a time in (expiration, policy) order. */
async function* pagesOfTerms(db: Db, range: Parameters<typeof findTermsExpiring>[1]) {
  let after: { expirationDate: string; policyId: string } | undefined
  for (;;) {
    const terms = await findTermsExpiring(db, range, { limit: BATCH, after })
    if (terms.length > 0) yield terms
    if (terms.length < BATCH) return
    const last = terms.at(-1)!
    after = { expirationDate: last.expirationDate, policyId: last.policyId }
  }
}

/** The term's upcoming renewal; none for a policy that has lost its current term. */
function upcoming(agencyId: string, term: ExpiringTerm, settings: RenewalSettings): UpcomingRenewal[] {
  if (term.termId === null || term.writtenPremiumCents === null) return []
  return [
    {
      agencyId,
      policyId: term.policyId,
      termId: term.termId,
      carrierId: term.carrierId,
      lineOfBusiness: term.lineOfBusiness,
      // The policy's producer works its renewal until someone assigns it.
      assigneeId: term.producerUserId,
      expirationDate: term.expirationDate,
      expiringPremiumCents: term.writtenPremiumCents,
      dueDate: milestoneDate(term.expirationDate, FIRST_MILESTONE, settings.milestoneDays),
    },
  ]
}

const FIRST_MILESTONE = nextMilestone('upcoming')!

/**
 * Renewals gathered across agencies and written about BATCH at a time, each batch one transaction.
 * A batch is written while the next agencies' terms are read, on another connection: reading was a
 * quarter of the run, and PostgreSQL runs the two on separate cores.
 */
class BatchWriter {
  created = 0
  private pending: UpcomingRenewal[] = []
  /** Each agency's today, for its audit event. */
  private todayOf = new Map<string, string>()
  private writing: Promise<void> = Promise.resolve()
  private analyzeAt = FIRST_ANALYZE_AT

  constructor(private readonly db: Db) {}

  async add(today: string, rows: UpcomingRenewal[]) {
    if (this.pending.length > 0 && this.pending.length + rows.length > BATCH) await this.startWriting()
    for (const row of rows) this.todayOf.set(row.agencyId, today)
    this.pending.push(...rows)
    if (this.pending.length >= BATCH) await this.startWriting()
  }

  /** Writes what is pending and waits for every batch. */
  async flush() {
    await this.startWriting()
    await this.writing
  }

  /** Waits for the batch being written (a failure stops the run there), then starts writing the next. */
  private async startWriting() {
    await this.writing
    const rows = this.pending
    const todayOf = this.todayOf
    this.pending = []
    this.todayOf = new Map()
    if (rows.length === 0) return
    this.writing = this.write(rows, todayOf)
    // Handled when awaited; marked here so a failure in the meantime is not reported as unhandled.
    this.writing.catch(() => {})
  }

  private async write(rows: UpcomingRenewal[], todayOf: Map<string, string>) {
    this.created += await this.db.transaction((tx) => enterRenewals(tx, rows, todayOf))
    // A first run over a large book fills empty tables faster than autovacuum looks at them:
    // planned for empty tables, each foreign-key check of a new event scanned every renewal
    // (96 renewals a second over a million policies instead of thousands). The plans change with
    // the tables' order of size, so each refresh waits for twice as many renewals as the last.
    if (this.created >= this.analyzeAt) {
      await repository.refreshStatistics(this.db)
      this.analyzeAt = this.created * 2
    }
  }
}

/** One batch: the renewals and their events in one statement, then one audit event per agency. */
async function enterRenewals(tx: Executor, rows: UpcomingRenewal[], todayOf: Map<string, string>) {
  const created = await repository.insertUpcomingRenewals(tx, rows)
  const policyIdsByAgency = new Map<string, typeof created>()
  for (const row of created) {
    const ofAgency = policyIdsByAgency.get(row.agencyId)
    if (ofAgency) ofAgency.push(row)
    else policyIdsByAgency.set(row.agencyId, [row])
  }
  for (const [agencyId, ofAgency] of policyIdsByAgency) {
    await recordAuditAs(
      tx,
      SYSTEM,
      { agencyId, actorUserId: null },
      {
        action: 'renewal.entered',
        entity: { type: 'agency', id: agencyId },
        details: {
          count: ofAgency.length,
          policyIds: ofAgency.slice(0, 50).map((row) => row.policyId),
          on: todayOf.get(agencyId),
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
