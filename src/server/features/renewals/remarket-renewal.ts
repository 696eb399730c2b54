import type { z } from 'zod'
import type { Db, Executor } from '#server/db/connect.ts'
import { AppError, invalidField } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import type { RemarketInputSchema } from '#shared/contracts/renewals-outcomes.contract.ts'
import { RENEWAL_OUTCOME_TEXTS as T } from '#shared/contracts/renewals-texts.ts'
import type { InsuranceType } from '#shared/domain/insurance-types.ts'
import { milestoneDate, nextMilestone } from '#shared/domain/renewal-pipeline.ts'
import { createDraftApplication, findApplicationToCopy } from '../applications/create-draft-application.ts'
import { findRecommendedCarrierIds } from '../bulk-submission/recommendations.service.ts'
import { submitInTx } from '../bulk-submission/submit.service.ts'
import { findAgencyCarriers } from '../carriers/carriers.service.ts'
import { findClientRecord } from '../clients/clients.service.ts'
import { findPolicyForRenewal } from '../policies/policy-renewal.service.ts'
import { estimateBasisOf } from '../quotes/quote-estimate.service.ts'
import { conflictIfClosed } from './change-renewal.ts'
import { renewalSettingsFor } from './renewal-settings.service.ts'
import * as repository from './renewals.repository.ts'
import { loadRenewal, notFound } from './renewals.service.ts'

type RemarketInput = z.output<typeof RemarketInputSchema>

export interface RemarketDeps {
  storage: FileStorage
  /** Asks the in-process job worker to deliver now. */
  wake: () => void
}

interface Remarketed {
  row: repository.RenewalRow
  line: InsuranceType
  clientId: string
  applicationData: Record<string, unknown>
}

/**
 * The carriers a remarketed application goes to: the ones asked for, or else every carrier smart
 * bulk submission recommends for the client (400 when none but the expiring one does), with the
 * expiring carrier unless it is excluded. A carrier asked for must be one the agency can send the
 * line to; the expiring carrier is left out quietly when it no longer takes the line.
 */
async function chooseCarriers(
  tx: Executor,
  ctx: Ctx,
  { row, line, clientId, applicationData }: Remarketed,
  input: RemarketInput,
  today: string,
): Promise<string[]> {
  const { agencyId } = ctx.actor
  const asked = input.carrierIds?.length ? [...new Set(input.carrierIds)] : null
  let chosen = asked
  if (!chosen) {
    const client = await findClientRecord(tx, agencyId, clientId)
    const basis = client ? estimateBasisOf(line, applicationData, client, today) : null
    const fitting = basis ? await findRecommendedCarrierIds(tx, ctx, basis) : []
    chosen = fitting.filter((carrierId) => carrierId !== row.carrierId)
    if (chosen.length === 0) throw invalidField('carrierIds', T.noCarriers)
  }
  const ids = input.excludeExpiringCarrier
    ? chosen.filter((carrierId) => carrierId !== row.carrierId)
    : [...new Set([row.carrierId, ...chosen])]
  const carriers = new Map((await findAgencyCarriers(tx, agencyId, ids)).map((c) => [c.id, c]))
  const usable = (carrierId: string) => {
    const carrier = carriers.get(carrierId)
    return Boolean(carrier?.effectiveActive && carrier.supportedTypes.includes(line))
  }
  for (const [index, carrierId] of (asked ?? []).entries())
    if (!usable(carrierId)) throw invalidField(`carrierIds.${index}`, T.unknownCarrier)
  const targets = ids.filter(usable)
  if (targets.length === 0) throw invalidField('carrierIds', T.noCarriers)
  return targets
}

/**
 * Remarkets a renewal with one action, in one transaction: a new application from the policy's
 * client and its last application (the one it was bound from, else the client's latest of the
 * line), its answers copied, nothing typed again; sent through smart bulk submission unless the
 * agent keeps it as a draft to edit and send; the renewal moves to remarketing with the
 * application kept, so its quotes join the renewal's comparison. A renewal is remarketed once.
 */
export async function remarketRenewal(
  db: Db,
  deps: RemarketDeps,
  ctx: Ctx,
  id: string,
  input: RemarketInput,
  today: string,
): Promise<{ applicationId: string }> {
  const { agencyId, userId } = ctx.actor
  const { applicationId, carrierIds } = await db.transaction(async (tx) => {
    const row = await loadRenewal(tx, ctx, id, { forUpdate: true })
    conflictIfClosed(row.stage)
    if (row.remarketApplicationId) throw new AppError('CONFLICT', { message: T.alreadyRemarketed })
    const policy = await findPolicyForRenewal(tx, agencyId, row.policyId)
    if (!policy) throw notFound()
    const line = policy.lineOfBusiness as InsuranceType
    const source = await findApplicationToCopy(tx, agencyId, {
      applicationId: policy.applicationId,
      clientId: policy.clientId,
      insuranceType: line,
    })
    const applicationData = source?.applicationData ?? {}
    const applicationId = await createDraftApplication(tx, ctx, {
      clientId: policy.clientId,
      insuranceType: line,
      applicationData,
      notes: source?.notes ?? null,
      note: T.remarketNote.replace('{policyNumber}', policy.policyNumber),
      copiedFrom: source?.id ?? null,
    })
    const remarketed = { row, line, clientId: policy.clientId, applicationData }
    const carrierIds = input.send ? await chooseCarriers(tx, ctx, remarketed, input, today) : []
    if (carrierIds.length > 0) await submitInTx(tx, deps.storage, ctx, { applicationId, carrierIds })
    const settings = (await renewalSettingsFor(tx, [agencyId])).get(agencyId)!
    await repository.updateRenewal(tx, agencyId, id, {
      remarketApplicationId: applicationId,
      stage: 'remarketing',
      dueDate: milestoneDate(row.expirationDate, nextMilestone('remarketing')!, settings.milestoneDays),
    })
    const details = { applicationId, copiedFrom: source?.id ?? null, carrierIds, sent: carrierIds.length > 0 }
    await repository.insertEvents(tx, [
      {
        agencyId,
        renewalId: id,
        kind: 'remarketed',
        fromStage: row.stage,
        toStage: 'remarketing',
        details,
        byUserId: userId,
      },
    ])
    await recordAudit(tx, ctx, {
      action: 'renewal.remarketed',
      entity: { type: 'renewal', id },
      details: { policyId: row.policyId, from: row.stage, ...details },
    })
    return { applicationId, carrierIds }
  })
  if (carrierIds.length > 0) deps.wake()
  return { applicationId }
}
