import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '#server/db/connect.ts'
import { policies, policyTerms } from '#server/features/policies/policies.table.ts'
import { compareQuotes } from '#server/features/quotes/compare-quotes.ts'
import { enterQuote } from '#server/features/quotes/enter-quote.ts'
import { changeRenewal } from '#server/features/renewals/change-renewal.ts'
import { enterDueRenewals } from '#server/features/renewals/enter-pipeline.job.ts'
import { listRenewals } from '#server/features/renewals/list-renewals.ts'
import { recordRenewalOffer } from '#server/features/renewals/record-renewal-offer.ts'
import { remarketRenewal } from '#server/features/renewals/remarket-renewal.ts'
import { renewRenewal } from '#server/features/renewals/renew-renewal.ts'
import { insertEvents, insertNewRenewals } from '#server/features/renewals/renewals.repository.ts'
import { utcToday } from '#server/platform/calendar.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import type { Renewal } from '#shared/contracts/renewals.contract.ts'
import { addDays } from '#shared/domain/policy-ledger.ts'
import { DEFAULT_RENEWAL_SETTINGS, LOST_REASONS, milestoneDate } from '#shared/domain/renewal-pipeline.ts'

/** An offer `percent` above (or below) the expiring premium, rounded to the dollar. */
const offerAt = (renewal: Renewal, percent: number) => ({
  premium: Math.round(renewal.expiringPremium * (1 + percent / 100)),
  termMonths: 12 as const,
  changes: percent > 10 ? 'Base rate increase for the territory; wind/hail deductible now 2%' : undefined,
})

/**
 * The demo's renewals, through the real use cases: the daily job takes in every policy expiring
 * within 120 days, then the soonest are worked to every stage: renewed on the carrier's offer, lost
 * on price, non-renewed, one remarketed with two quotes back (at risk on its offer), one at risk in
 * review, a few reviewed, the rest upcoming. The book's expired policies get the renewals that
 * closed before today, so the retention figures have a year behind them.
 */
export async function seedDemoRenewals(db: Db, storage: FileStorage, ctx: Ctx, today = utcToday()) {
  const deps = { storage, wake: () => {} }
  await enterDueRenewals(db, today, { agencyId: ctx.actor.agencyId })
  const { renewals } = await listRenewals(db, ctx, { limit: 200 }, today)
  const queue = [...renewals].sort((a, b) => a.expirationDate.localeCompare(b.expirationDate))
  const next = () => queue.shift()
  const work: ((renewal: Renewal) => Promise<unknown>)[] = [
    async (r) => {
      await recordRenewalOffer(db, ctx, r.id, offerAt(r, 4), today)
      await renewRenewal(db, deps, ctx, r.id, {}, today)
    },
    async (r) => {
      await recordRenewalOffer(db, ctx, r.id, offerAt(r, 24), today)
      await changeRenewal(db, ctx, r.id, { stage: 'lost', lostReason: 'price' }, today)
    },
    (r) => changeRenewal(db, ctx, r.id, { stage: 'non_renewed' }, today),
    async (r) => {
      await recordRenewalOffer(db, ctx, r.id, offerAt(r, 14), today)
      await remarketWithQuotes(db, deps, ctx, r, today)
    },
    async (r) => {
      await recordRenewalOffer(db, ctx, r.id, offerAt(r, 18), today)
      await changeRenewal(db, ctx, r.id, { stage: 'in_review' }, today)
    },
    async (r) => {
      await recordRenewalOffer(db, ctx, r.id, offerAt(r, 3), today)
      await changeRenewal(db, ctx, r.id, { stage: 'in_review' }, today)
    },
    (r) => changeRenewal(db, ctx, r.id, { stage: 'in_review' }, today),
    (r) => remarketRenewal(db, deps, ctx, r.id, { send: false, excludeExpiringCarrier: false }, today),
  ]
  for (const step of work) {
    const renewal = next()
    if (renewal) await step(renewal)
  }
  await seedClosedRenewals(db, deps, ctx, today)
}

/** Remarketed to the fitting carriers; two of them quote, one below the offer; the renewal reads quoted. */
async function remarketWithQuotes(
  db: Db,
  deps: { storage: FileStorage; wake: () => void },
  ctx: Ctx,
  renewal: Renewal,
  today: string,
) {
  const { applicationId } = await remarketRenewal(
    db,
    deps,
    ctx,
    renewal.id,
    { send: true, excludeExpiringCarrier: false },
    today,
  )
  const { carriers } = await compareQuotes(db, ctx, applicationId, 'premium')
  for (const [i, carrier] of carriers.slice(0, 2).entries()) {
    await enterQuote(db, ctx, applicationId, {
      carrierId: carrier.id,
      premium: Math.round(renewal.expiringPremium * (i === 0 ? 0.97 : 1.08)),
      termMonths: 12,
      effectiveDate: renewal.expirationDate,
      expiresAt: addDays(today, 30),
      quoteNumber: `RN-${40_210 + i * 17}`,
      coverages: [
        { label: 'Liability limit', value: i === 0 ? '$300,000' : '$500,000' },
        { label: 'Deductible', value: i === 0 ? '$1,000' : '$500' },
      ],
    })
  }
  await changeRenewal(db, ctx, renewal.id, { stage: 'quoted' }, today)
}

/**
 * The book's policies that expired over the past year get the renewals the daily job would have
 * made then, worked to their end with the real use cases: most renewed on the carrier's offer at
 * -6% to +14%, some lost for each reason, a few non-renewed.
 */
async function seedClosedRenewals(
  db: Db,
  deps: { storage: FileStorage; wake: () => void },
  ctx: Ctx,
  today: string,
) {
  const { agencyId } = ctx.actor
  const expired = await db
    .select({ policy: policies, termId: policyTerms.id, premiumCents: policyTerms.writtenPremiumCents })
    .from(policies)
    .innerJoin(
      policyTerms,
      and(eq(policyTerms.policyId, policies.id), eq(policyTerms.expirationDate, policies.expirationDate)),
    )
    .where(and(eq(policies.agencyId, agencyId), eq(policies.status, 'expired')))
    .orderBy(asc(policies.expirationDate))
  const milestones = DEFAULT_RENEWAL_SETTINGS.milestoneDays
  for (const [i, { policy, termId, premiumCents }] of expired.entries()) {
    const [row] = await insertNewRenewals(db, [
      {
        agencyId,
        policyId: policy.id,
        termId,
        carrierId: policy.carrierId,
        lineOfBusiness: policy.lineOfBusiness,
        stage: 'in_review',
        assigneeId: policy.producerUserId,
        expirationDate: policy.expirationDate,
        expiringPremiumCents: premiumCents,
        dueDate: milestoneDate(policy.expirationDate, 'remarket_decision', milestones),
      },
    ])
    if (!row) continue
    await insertEvents(db, [{ agencyId, renewalId: row.id, kind: 'entered', toStage: 'upcoming' }])
    const renewal = { id: row.id, expiringPremium: premiumCents / 100 } as Renewal
    if (i % 5 === 3) {
      const lostReason = LOST_REASONS[i % LOST_REASONS.length]!
      await changeRenewal(db, ctx, row.id, { stage: 'lost', lostReason }, today)
    } else if (i % 7 === 6) {
      await changeRenewal(db, ctx, row.id, { stage: 'non_renewed' }, today)
    } else {
      await recordRenewalOffer(db, ctx, row.id, offerAt(renewal, ((i * 7) % 21) - 6), today)
      await renewRenewal(db, deps, ctx, row.id, {}, today)
    }
  }
}
