import type { z } from 'zod'
import type { Db, Executor } from '#server/db/connect.ts'
import { AppError, invalidField } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import { utcToday } from '#server/platform/calendar.ts'
import type { Ctx } from '#server/platform/context.ts'
import {
  COMMISSION_TEXTS,
  type CommissionRate,
  type CommissionRateEntry,
  SCHEDULE_HISTORY_LIMIT,
  type SetCommissionRateSchema,
} from '#shared/contracts/commissions.contract.ts'
import { bpToPercent, percentToBp } from '#shared/domain/commission-math.ts'
import { isAgencyAdmin } from '#shared/domain/roles.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { findUserNames } from '../auth/find-user-names.ts'
import { findAgencyCarriers, findCarrierNames } from '../carriers/carriers.service.ts'
import * as repository from './commission-rates.repository.ts'
import { enqueueCommissionsCatchUp } from './expected-commissions.job.ts'

const notFound = () => new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })
const percentOrNull = (bp: number | null) => (bp === null ? null : bpToPercent(bp))

/** Schedule rows as the wire carries them, their carriers and authors named in two queries. */
async function toRates(executor: Executor, rows: repository.CommissionRateRow[]): Promise<CommissionRate[]> {
  const [carriers, authors] = await Promise.all([
    findCarrierNames(
      executor,
      rows.flatMap((row) => (row.carrierId ? [row.carrierId] : [])),
    ),
    findUserNames(
      executor,
      rows.flatMap((row) => (row.createdByUserId ? [row.createdByUserId] : [])),
    ),
  ])
  return rows.map((row) => {
    const author = row.createdByUserId ? authors.get(row.createdByUserId) : undefined
    return {
      id: row.id,
      carrierId: row.carrierId,
      carrierName: row.carrierId ? (carriers.get(row.carrierId)?.name ?? 'Unknown carrier') : null,
      lineOfBusiness: row.lineOfBusiness,
      newBusinessRate: percentOrNull(row.newBusinessBp),
      renewalRate: percentOrNull(row.renewalBp),
      effectiveFrom: row.effectiveFrom,
      createdByName: author ? `${author.firstName} ${author.lastName}` : null,
      createdAt: row.createdAt.toISOString(),
    }
  })
}

/** The agency's defaults first, then by carrier name and line (all lines first). */
function byCarrierAndLine(a: CommissionRate, b: CommissionRate): number {
  if ((a.carrierId === null) !== (b.carrierId === null)) return a.carrierId === null ? -1 : 1
  return (
    (a.carrierName ?? '').localeCompare(b.carrierName ?? '') ||
    (a.lineOfBusiness ?? '').localeCompare(b.lineOfBusiness ?? '')
  )
}

/** Everyone reads the schedule: the rates in force today and the history of changes. */
export async function listSchedules(db: Db, ctx: Ctx, today = utcToday()) {
  const { agencyId } = ctx.actor
  const [inForce, history] = await Promise.all([
    repository.findRatesInForce(db, agencyId, today),
    repository.findRateHistory(db, agencyId, SCHEDULE_HISTORY_LIMIT),
  ])
  const current = new Set(inForce.map((row) => row.id))
  const [rates, entries] = await Promise.all([toRates(db, inForce), toRates(db, history.rows)])
  return {
    rates: rates.sort(byCarrierAndLine),
    history: entries.map(
      (entry): CommissionRateEntry => ({
        ...entry,
        status:
          entry.newBusinessRate === null
            ? 'ended'
            : current.has(entry.id)
              ? 'current'
              : entry.effectiveFrom > today
                ? 'scheduled'
                : 'superseded',
      }),
    ),
    historyTotal: history.total,
    canEdit: isAgencyAdmin(ctx.actor.role),
  }
}

const ratesOf = (row: repository.CommissionRateRow | undefined) =>
  row ? { newBusinessBp: row.newBusinessBp, renewalBp: row.renewalBp } : null

/**
 * Agency admins (the route): a new dated row for a carrier and line; past terms keep the rate
 * they were written at. The agency's book is then caught up: transactions no rate covered before
 * get their expected commission (decision 029).
 */
export async function setRate(db: Db, ctx: Ctx, input: z.output<typeof SetCommissionRateSchema>) {
  const { agencyId, userId } = ctx.actor
  const effectiveFrom = input.effectiveFrom ?? utcToday()
  const row = await db.transaction(async (tx) => {
    if (input.carrierId && (await findAgencyCarriers(tx, agencyId, [input.carrierId])).length === 0) {
      throw invalidField('carrierId', COMMISSION_TEXTS.unknownCarrier)
    }
    const key = { carrierId: input.carrierId, lineOfBusiness: input.lineOfBusiness }
    const before = await repository.findRateOn(tx, agencyId, key, effectiveFrom)
    const row = await repository.insertRate(tx, {
      agencyId,
      ...key,
      effectiveFrom,
      newBusinessBp: percentToBp(input.newBusinessRate),
      renewalBp: percentToBp(input.renewalRate),
      createdByUserId: userId,
    })
    await recordAudit(tx, ctx, {
      action: 'commission.rate_set',
      entity: { type: 'commission_rate', id: row.id },
      details: { ...key, effectiveFrom, from: ratesOf(before), to: ratesOf(row) },
    })
    await enqueueCommissionsCatchUp(tx, agencyId)
    return row
  })
  return (await toRates(db, [row]))[0]!
}

/**
 * Agency admins (the route): ends the carrier and line of row `id` from a day on, so later terms
 * fall through to the next rate in the order. Refused when no rate of theirs is in force that day.
 */
export async function endRate(db: Db, ctx: Ctx, id: string, input: { effectiveFrom?: string }) {
  const { agencyId, userId } = ctx.actor
  const effectiveFrom = input.effectiveFrom ?? utcToday()
  const row = await db.transaction(async (tx) => {
    const named = await repository.findRate(tx, agencyId, id)
    if (!named) throw notFound()
    const key = { carrierId: named.carrierId, lineOfBusiness: named.lineOfBusiness }
    const before = await repository.findRateOn(tx, agencyId, key, effectiveFrom)
    if (!before || before.newBusinessBp === null) {
      throw new AppError('CONFLICT', { message: COMMISSION_TEXTS.nothingToEnd })
    }
    const row = await repository.insertRate(tx, {
      agencyId,
      ...key,
      effectiveFrom,
      newBusinessBp: null,
      renewalBp: null,
      createdByUserId: userId,
    })
    await recordAudit(tx, ctx, {
      action: 'commission.rate_ended',
      entity: { type: 'commission_rate', id: row.id },
      details: { ...key, effectiveFrom, from: ratesOf(before) },
    })
    return row
  })
  return (await toRates(db, [row]))[0]!
}
