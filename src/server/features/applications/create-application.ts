import type { z } from 'zod'
import type { Db, Executor } from '#server/db/connect.ts'
import { AppError, invalidField } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import {
  APPLICATION_TEXTS,
  type Application,
  type CreateApplicationSchema,
} from '#shared/contracts/applications.contract.ts'
import { CLIENT_MESSAGES } from '#shared/contracts/clients.contract.ts'
import { type CarrierFilters, matchCarriers } from '#shared/domain/carrier-matching.ts'
import { consumeApplicationQuota } from '../billing/billing.service.ts'
import { type DeliveryTarget, sendToCarriers } from '../carrier-delivery/send-to-carriers.ts'
import { findAgencyCarriers, findCarriersForType } from '../carriers/carriers.service.ts'
import { createClientIn, findClientSummary, isClientEmailTaken } from '../clients/clients.service.ts'
import * as repository from './applications.repository.ts'
import { getApplication } from './applications.service.ts'
import { buildApplicationPacket } from './build-application-packet.ts'

type CreateInput = z.output<typeof CreateApplicationSchema>

/** The carriers the application goes to: the chosen ones, or every match of the filters. */
async function chooseCarriers(tx: Executor, agencyId: string, input: CreateInput): Promise<DeliveryTarget[]> {
  if (input.bulkSubmissionType === 'specific_carriers') {
    const ids = [input.carrierId!, input.secondaryCarrierId].filter((id): id is string => Boolean(id))
    const found = await findAgencyCarriers(tx, agencyId, [...new Set(ids)])
    for (const [index, id] of ids.entries()) {
      const carrier = found.find((c) => c.id === id)
      if (!carrier?.effectiveActive || !carrier.supportedTypes.includes(input.insuranceType)) {
        throw invalidField(
          index === 0 ? 'carrierId' : 'secondaryCarrierId',
          APPLICATION_TEXTS.carrierUnavailable,
        )
      }
    }
    return [...new Set(ids)].map((id) => found.find((c) => c.id === id)!)
  }
  const candidates = await findCarriersForType(tx, agencyId, input.insuranceType)
  const matchable = candidates.map((c) => ({
    id: c.id,
    supportedTypes: c.supportedTypes,
    isActive: c.effectiveActive,
    avgPremiumCost: c.avgPremiumCents === null ? null : c.avgPremiumCents / 100,
    coverageRating: c.coverageRating,
    consumerConfidenceScore: c.consumerConfidenceScore,
  }))
  const filters: CarrierFilters | undefined = input.carrierFilters ?? undefined
  const matched = matchCarriers(matchable, input.insuranceType, input.bulkSubmissionType, filters)
  if (matched.length === 0) throw invalidField('bulkSubmissionType', APPLICATION_TEXTS.noMatchingCarriers)
  const byId = new Map(candidates.map((c) => [c.id, c]))
  return matched.map((c) => byId.get(c.id)!)
}

async function resolveClient(
  tx: Executor,
  cipher: FieldCipher,
  ctx: Ctx,
  input: CreateInput,
): Promise<string> {
  if (input.clientId) {
    const client = await findClientSummary(tx, ctx, input.clientId)
    if (!client) throw new AppError('NOT_FOUND', { message: 'Not found' })
    return client.id
  }
  return (await createClientIn(tx, cipher, ctx, input.clientData!)).id
}

/**
 * One transaction: the plan quota, the client (existing or new), the carriers, the application,
 * its packet and per-carrier submissions, the first status change and the audit event.
 */
export async function createApplication(
  db: Db,
  { cipher, storage }: { cipher: FieldCipher; storage: FileStorage },
  ctx: Ctx,
  input: CreateInput,
): Promise<Application> {
  const { actor } = ctx
  let id: string
  try {
    id = await db.transaction(async (tx) => {
      await consumeApplicationQuota(tx, actor.agencyId)
      const clientId = await resolveClient(tx, cipher, ctx, input)
      const targets = await chooseCarriers(tx, actor.agencyId, input)
      const specific = input.bulkSubmissionType === 'specific_carriers'
      const application = await repository.insertApplication(tx, {
        agencyId: actor.agencyId,
        clientId,
        createdByUserId: actor.userId,
        insuranceType: input.insuranceType,
        status: 'pending',
        submissionType: input.bulkSubmissionType,
        carrierId: specific ? input.carrierId! : null,
        secondaryCarrierId: specific ? (input.secondaryCarrierId ?? null) : null,
        carrierFilters:
          input.bulkSubmissionType === 'filtered_carriers' ? (input.carrierFilters ?? null) : null,
        applicationData: input.applicationData,
        notes: input.notes ?? null,
      })
      const packet = await buildApplicationPacket(tx, actor.agencyId, application.id, actor.userId, targets)
      await sendToCarriers(tx, storage, {
        agencyId: actor.agencyId,
        requestedByUserId: actor.userId,
        packet: packet!,
        targets,
      })
      await repository.insertSentCarriers(
        tx,
        actor.agencyId,
        application.id,
        targets.map((target) => target.id),
      )
      await repository.insertStatusChange(tx, {
        agencyId: actor.agencyId,
        applicationId: application.id,
        fromStatus: null,
        toStatus: 'pending',
        changedByUserId: actor.userId,
        note: `Submitted to ${targets.length} carrier${targets.length === 1 ? '' : 's'}`,
      })
      await recordAudit(tx, ctx, {
        action: 'application.created',
        entity: { type: 'application', id: application.id },
        details: {
          insuranceType: input.insuranceType,
          submissionType: input.bulkSubmissionType,
          carriers: targets.length,
        },
      })
      return application.id
    })
  } catch (error) {
    if (isClientEmailTaken(error)) {
      throw new AppError('CONFLICT', {
        message: CLIENT_MESSAGES.emailTaken,
        fieldErrors: [{ path: 'clientData.email', message: CLIENT_MESSAGES.emailTaken }],
      })
    }
    throw error
  }
  return getApplication(db, ctx, id)
}
