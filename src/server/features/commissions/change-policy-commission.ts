import type { z } from 'zod'
import type { Db } from '#server/db/connect.ts'
import { invalidField } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import { utcToday } from '#server/platform/calendar.ts'
import type { Ctx } from '#server/platform/context.ts'
import type {
  SetProducerSplitSchema,
  SetRateOverrideSchema,
} from '#shared/contracts/commissions-policies.contract.ts'
import { COMMISSION_TEXTS } from '#shared/contracts/commissions-texts.ts'
import { percentToBp } from '#shared/domain/commission-math.ts'
import { findUserNames } from '../auth/find-user-names.ts'
import * as rates from './commission-rates.repository.ts'
import { getPolicyCommission, requirePolicy } from './get-policy-commission.ts'
import * as splits from './producer-splits.repository.ts'
import { writeExpectedCommissionsIn } from './write-expected-commissions.ts'

const bpOrNull = (percent: number | null) => (percent === null ? null : percentToBp(percent))

/**
 * Agency admins (the route): the policy's own rates from a day on (both null clear them). Unlike a
 * schedule change, it rates the policy's terms from that day again at once: an override is entered
 * to correct what this one policy is expected to earn (decision 029).
 */
export async function setRateOverride(
  db: Db,
  ctx: Ctx,
  policyId: string,
  input: z.output<typeof SetRateOverrideSchema>,
) {
  const { agencyId, userId } = ctx.actor
  const effectiveFrom = input.effectiveFrom ?? utcToday()
  await db.transaction(async (tx) => {
    await requirePolicy(tx, agencyId, policyId)
    const row = await rates.insertPolicyRate(tx, {
      agencyId,
      policyId,
      effectiveFrom,
      newBusinessBp: bpOrNull(input.newBusinessRate),
      renewalBp: bpOrNull(input.renewalRate),
      createdByUserId: userId,
    })
    const rerated = await writeExpectedCommissionsIn(tx, agencyId, [policyId], effectiveFrom)
    await recordAudit(tx, ctx, {
      action: 'commission.override_set',
      entity: { type: 'policy', id: policyId },
      details: {
        overrideId: row.id,
        effectiveFrom,
        newBusinessBp: row.newBusinessBp,
        renewalBp: row.renewalBp,
        rerated: rerated.written,
        removed: rerated.removed,
      },
    })
  })
  return getPolicyCommission(db, ctx, policyId)
}

/**
 * Agency admins (the route): who shares the policy's commission from a day on; transactions dated
 * before it keep the split they had. Each producer must be a user of the agency.
 */
export async function setProducerSplit(
  db: Db,
  ctx: Ctx,
  policyId: string,
  input: z.output<typeof SetProducerSplitSchema>,
) {
  const { agencyId, userId } = ctx.actor
  const effectiveFrom = input.effectiveFrom ?? utcToday()
  await db.transaction(async (tx) => {
    await requirePolicy(tx, agencyId, policyId)
    const users = await findUserNames(
      tx,
      input.producers.map((producer) => producer.userId),
    )
    input.producers.forEach((producer, index) => {
      if (users.get(producer.userId)?.agencyId !== agencyId) {
        throw invalidField(`producers.${index}.userId`, COMMISSION_TEXTS.unknownProducer)
      }
    })
    const shares = input.producers.map((producer) => ({
      userId: producer.userId,
      role: producer.role,
      shareBp: percentToBp(producer.percent),
    }))
    const split = await splits.insertSplit(
      tx,
      { agencyId, policyId, effectiveFrom, createdByUserId: userId },
      shares,
    )
    await recordAudit(tx, ctx, {
      action: 'commission.split_set',
      entity: { type: 'policy', id: policyId },
      details: { splitId: split.id, effectiveFrom, producers: shares },
    })
  })
  return getPolicyCommission(db, ctx, policyId)
}
