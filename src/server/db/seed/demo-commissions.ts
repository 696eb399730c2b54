import type { Db } from '#server/db/connect.ts'
import { findCarriersForType } from '#server/features/carriers/carriers.service.ts'
import { setRate } from '#server/features/commissions/commission-schedules.service.ts'
import { utcToday } from '#server/platform/calendar.ts'
import type { Ctx } from '#server/platform/context.ts'
import { addDays } from '#shared/domain/policy-ledger.ts'

/**
 * The demo agency's commission schedule, dated before its book began so every term earns a rate:
 * the agency's default, a richer rate for auto and commercial, and one carrier whose rate changed
 * half a year ago (its history shows the old and the new). The catch-up job each change books
 * writes the expected commissions of the whole book.
 */
export async function seedDemoCommissions(db: Db, ctx: Ctx, today = utcToday()) {
  const since = addDays(today, -800)
  await setRate(db, ctx, {
    carrierId: null,
    lineOfBusiness: null,
    newBusinessRate: 12,
    renewalRate: 10,
    effectiveFrom: since,
  })
  await setRate(db, ctx, {
    carrierId: null,
    lineOfBusiness: 'auto',
    newBusinessRate: 15,
    renewalRate: 12.5,
    effectiveFrom: since,
  })
  await setRate(db, ctx, {
    carrierId: null,
    lineOfBusiness: 'commercial',
    newBusinessRate: 14,
    renewalRate: 11,
    effectiveFrom: since,
  })
  const [carrier] = await findCarriersForType(db, ctx.actor.agencyId, 'property')
  if (!carrier) return
  await setRate(db, ctx, {
    carrierId: carrier.id,
    lineOfBusiness: 'property',
    newBusinessRate: 13,
    renewalRate: 11,
    effectiveFrom: since,
  })
  await setRate(db, ctx, {
    carrierId: carrier.id,
    lineOfBusiness: 'property',
    newBusinessRate: 14,
    renewalRate: 12,
    effectiveFrom: addDays(today, -180),
  })
}
