import type { Db, Executor } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { BookSettings } from '#shared/contracts/policies-book-settings.contract.ts'
import { DEFAULT_REINSTATEMENT_WINDOW_DAYS, toCents, toDollars } from '#shared/domain/policy-ledger.ts'
import { DEFAULT_RENEWAL_SETTINGS, type RenewalSettings } from '#shared/domain/renewal-pipeline.ts'
import { isAgencyAdmin } from '#shared/domain/roles.ts'
import * as repository from './book-settings.repository.ts'
import { announcePoliciesWritten, announceRenewalSettingsChanged } from './policy-renewal.service.ts'

/** The settings an agency that never changed them has. */
export const DEFAULT_BOOK_SETTINGS: BookSettings = {
  reinstatementWindowDays: DEFAULT_REINSTATEMENT_WINDOW_DAYS,
  renewalHorizonDays: DEFAULT_RENEWAL_SETTINGS.horizonDays,
  renewalMilestoneDays: DEFAULT_RENEWAL_SETTINGS.milestoneDays,
  renewalAtRiskPercent: DEFAULT_RENEWAL_SETTINGS.atRiskPercent,
  renewalAtRiskDollars: DEFAULT_RENEWAL_SETTINGS.atRiskDollars,
  timeZone: DEFAULT_RENEWAL_SETTINGS.timeZone,
}

function toSettings(row: repository.BookSettingsRow | undefined): BookSettings {
  if (!row) return DEFAULT_BOOK_SETTINGS
  return {
    reinstatementWindowDays: row.reinstatementWindowDays,
    renewalHorizonDays: row.renewalHorizonDays,
    renewalMilestoneDays: {
      review: row.renewalReviewDays,
      remarket_decision: row.renewalRemarketDecisionDays,
      quotes_compared: row.renewalQuotesComparedDays,
      client_contacted: row.renewalClientContactedDays,
    },
    renewalAtRiskPercent: row.renewalAtRiskPercent,
    renewalAtRiskDollars: toDollars(row.renewalAtRiskCents),
    timeZone: row.timeZone,
  }
}

function toValues(settings: BookSettings, updatedByUserId: string): repository.BookSettingsValues {
  const days = settings.renewalMilestoneDays
  return {
    reinstatementWindowDays: settings.reinstatementWindowDays,
    renewalHorizonDays: settings.renewalHorizonDays,
    renewalReviewDays: days.review,
    renewalRemarketDecisionDays: days.remarket_decision,
    renewalQuotesComparedDays: days.quotes_compared,
    renewalClientContactedDays: days.client_contacted,
    renewalAtRiskPercent: settings.renewalAtRiskPercent,
    renewalAtRiskCents: toCents(settings.renewalAtRiskDollars),
    timeZone: settings.timeZone,
    updatedByUserId,
  }
}

function toRenewalSettings(settings: BookSettings): RenewalSettings {
  return {
    horizonDays: settings.renewalHorizonDays,
    milestoneDays: settings.renewalMilestoneDays,
    atRiskPercent: settings.renewalAtRiskPercent,
    atRiskDollars: settings.renewalAtRiskDollars,
    timeZone: settings.timeZone,
  }
}

/** The agency's book settings, its defaults where it set none (reinstatement and renewals). */
export async function findBookSettings(executor: Executor, agencyId: string): Promise<BookSettings> {
  return toSettings(await repository.findBookSettings(executor, agencyId))
}

/** For the renewal pipeline: each agency's horizon, milestones, threshold and time zone, one query. */
export async function findRenewalSettings(
  executor: Executor,
  agencyIds: string[],
): Promise<Map<string, RenewalSettings>> {
  const rows = new Map(
    (await repository.findBookSettingsOf(executor, agencyIds)).map((row) => [row.agencyId, row]),
  )
  return new Map(agencyIds.map((id) => [id, toRenewalSettings(toSettings(rows.get(id)))]))
}

/** Everyone in the agency reads them; agency admins change them. */
export async function getBookSettings(db: Db, ctx: Ctx) {
  return {
    settings: await findBookSettings(db, ctx.actor.agencyId),
    canEdit: isAgencyAdmin(ctx.actor.role),
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Agency admins only (the route); audited with the values it replaced. New milestones or a new
 * threshold change the open renewals' due dates and at-risk flags, and a longer horizon takes in
 * policies at once: both are announced in this transaction for the renewal pipeline to apply.
 */
export function updateBookSettings(db: Db, ctx: Ctx, input: BookSettings) {
  const { agencyId, userId } = ctx.actor
  return db.transaction(async (tx) => {
    const before = toSettings(await repository.findBookSettings(tx, agencyId, { forUpdate: true }))
    const after = toSettings(await repository.upsertBookSettings(tx, agencyId, toValues(input, userId)))
    await recordAudit(tx, ctx, {
      action: 'settings.book_updated',
      entity: { type: 'agency', id: agencyId },
      details: { from: before, to: after },
    })
    if (
      !same(before.renewalMilestoneDays, after.renewalMilestoneDays) ||
      before.renewalAtRiskPercent !== after.renewalAtRiskPercent ||
      before.renewalAtRiskDollars !== after.renewalAtRiskDollars
    )
      await announceRenewalSettingsChanged(tx, agencyId)
    if (after.renewalHorizonDays > before.renewalHorizonDays) await announcePoliciesWritten(tx, agencyId)
    return { settings: after, canEdit: true }
  })
}
