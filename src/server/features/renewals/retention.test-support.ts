import { and, eq } from 'drizzle-orm'
import type { InsuranceType } from '#shared/domain/insurance-types.ts'
import { addMonths, toCents } from '#shared/domain/policy-ledger.ts'
import {
  isOpenStage,
  type LostReason,
  premiumChange,
  type RenewalStage,
} from '#shared/domain/renewal-pipeline.ts'
import type { TestApp } from '#test/build-test-app.ts'
import type { SignedInUser } from '#test/factories.ts'
import { policies, policyTerms } from '../policies/policies.table.ts'
import { enterPolicy, policyInput } from '../policies/policies.test-support.ts'
import { renewals } from './renewals.table.ts'

/** How a renewed renewal's next term was written (dollars). */
export type RenewedBy = { nextTerm: number } | { newPolicy: number; carrierId: string } | { offer: number }

export interface SeededRenewal {
  carrierId: string
  expirationDate: string
  /** The expiring term's premium, dollars. */
  premium: number
  stage: RenewalStage
  line?: InsuranceType
  producerUserId?: string | null
  lostReason?: LostReason
  renewed?: RenewedBy
  /** An open renewal's carrier offer (dollars), next milestone and assignee. */
  offer?: number
  atRisk?: boolean
  dueDate?: string
  assigneeId?: string | null
}

/**
 * A policy entered through the API whose term expires on the date, and its renewal written
 * straight into the table at the stage asked for: the figures read closed renewals whatever closed
 * them (the renew call, a move to lost), so the scene is set without walking each one there.
 */
export async function seedRenewal(test: TestApp, user: SignedInUser, clientId: string, seed: SeededRenewal) {
  const { agencyId } = user.user
  const policy = await enterPolicy(
    test,
    user,
    policyInput(clientId, seed.carrierId, {
      lineOfBusiness: seed.line ?? 'auto',
      effectiveDate: addMonths(seed.expirationDate, -12),
      expirationDate: seed.expirationDate,
      annualPremium: seed.premium,
      producerUserId: seed.producerUserId === undefined ? user.user.id : seed.producerUserId,
    }),
  )
  // The API gives a policy entered without a producer to whoever entered it; an import may not.
  if (seed.producerUserId === null)
    await test.db.update(policies).set({ producerUserId: null }).where(eq(policies.id, policy.id))
  const [term] = await test.db
    .select()
    .from(policyTerms)
    .where(and(eq(policyTerms.agencyId, agencyId), eq(policyTerms.policyId, policy.id)))
  let renewedPolicyId: string | null = null
  let offer = seed.offer
  const renewed = seed.renewed
  if (renewed && 'nextTerm' in renewed) {
    await test.db.insert(policyTerms).values({
      agencyId,
      policyId: policy.id,
      termNumber: 2,
      effectiveDate: seed.expirationDate,
      expirationDate: addMonths(seed.expirationDate, 12),
      writtenPremiumCents: toCents(renewed.nextTerm),
    })
    renewedPolicyId = policy.id
  } else if (renewed && 'newPolicy' in renewed) {
    const next = await enterPolicy(
      test,
      user,
      policyInput(clientId, renewed.carrierId, {
        effectiveDate: seed.expirationDate,
        expirationDate: addMonths(seed.expirationDate, 12),
        annualPremium: renewed.newPolicy,
      }),
    )
    renewedPolicyId = next.id
  } else if (renewed) {
    offer = renewed.offer
  }
  const offerCents = offer === undefined ? null : toCents(offer)
  const [row] = await test.db
    .insert(renewals)
    .values({
      agencyId,
      policyId: policy.id,
      termId: term!.id,
      carrierId: seed.carrierId,
      lineOfBusiness: seed.line ?? 'auto',
      stage: seed.stage,
      assigneeId: seed.assigneeId === undefined ? user.user.id : seed.assigneeId,
      expirationDate: seed.expirationDate,
      expiringPremiumCents: toCents(seed.premium),
      dueDate: seed.dueDate ?? null,
      offerPremiumCents: offerCents,
      offerTermMonths: offerCents === null ? null : 12,
      changePercent:
        offerCents === null ? null : premiumChange(toCents(seed.premium), offerCents).changePercent,
      atRisk: seed.atRisk ?? false,
      lostReason: seed.lostReason ?? null,
      renewedPolicyId,
      closedAt: isOpenStage(seed.stage) ? null : new Date(),
    })
    .returning()
  return { renewal: row!, policy }
}
