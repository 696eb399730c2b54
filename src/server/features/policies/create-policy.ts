import type { Db, Executor } from '#server/db/connect.ts'
import { invalidField } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import { utcToday } from '#server/platform/calendar.ts'
import type { Ctx } from '#server/platform/context.ts'
import { isUniqueViolation } from '#server/platform/db-errors.ts'
import { POLICY_TEXTS, type Policy, type PolicyInput } from '#shared/contracts/policies.contract.ts'
import type { InsuranceType } from '#shared/domain/insurance-types.ts'
import { policyNumberKey, policyStatusOn, toCents } from '#shared/domain/policy-ledger.ts'
import { findUserNames } from '../auth/find-user-names.ts'
import { findAgencyCarriers } from '../carriers/carriers.service.ts'
import { findClientCards } from '../clients/clients.service.ts'
import { findDocumentFiles } from '../documents/documents.service.ts'
import * as repository from './policies.repository.ts'
import { getPolicy, policyNumberTaken as taken } from './policies.service.ts'
import { announceTransactionsWritten } from './policy-commission.service.ts'
import * as documentsRepository from './policy-documents.repository.ts'
import { announcePoliciesWritten } from './policy-renewal.service.ts'
import { IMPORTED_POLICY_DESCRIPTION } from './record-imported-policies.ts'

export interface NewPolicy {
  clientId: string
  carrierId: string
  lineOfBusiness: InsuranceType
  policyNumber: string
  producerUserId: string | null
  effectiveDate: string
  expirationDate: string
  premiumCents: number
  source: 'bound' | 'entered' | 'imported'
  applicationId?: string | null
  quoteId?: string | null
  /** The bound quote's letter from the carrier: kept with the policy too. */
  quoteDocumentId?: string | null
}

/**
 * In the caller's transaction: the policy, its first term and the term's new-business
 * transaction, audited. The client must be the agency's (its name becomes the named insured); a
 * number the carrier already has in the agency's book is refused on the field.
 */
export async function createPolicyInTx(tx: Executor, ctx: Ctx, input: NewPolicy): Promise<string> {
  const { agencyId, userId } = ctx.actor
  const client = (await findClientCards(tx, agencyId, [input.clientId])).get(input.clientId)
  if (!client) throw invalidField('clientId', POLICY_TEXTS.unknownClient)
  const key = policyNumberKey(input.policyNumber)
  if (await repository.findByNumber(tx, agencyId, input.carrierId, key)) throw taken()
  const facts = { ...input, cancellationDate: null, outcome: null }
  const policy = await repository
    .insertPolicy(tx, {
      agencyId,
      clientId: input.clientId,
      carrierId: input.carrierId,
      lineOfBusiness: input.lineOfBusiness,
      policyNumber: input.policyNumber.trim(),
      policyNumberKey: key,
      insuredName: `${client.firstName} ${client.lastName}`.trim(),
      producerUserId: input.producerUserId,
      status: policyStatusOn(facts, utcToday()),
      source: input.source,
      applicationId: input.applicationId ?? null,
      quoteId: input.quoteId ?? null,
      effectiveDate: input.effectiveDate,
      expirationDate: input.expirationDate,
      writtenPremiumCents: input.premiumCents,
    })
    .catch((error: unknown) => {
      // Two requests raced to the same number: the index refuses the second.
      throw isUniqueViolation(error) ? taken() : error
    })
  const term = await repository.insertTerm(tx, {
    agencyId,
    policyId: policy.id,
    termNumber: 1,
    effectiveDate: input.effectiveDate,
    expirationDate: input.expirationDate,
    writtenPremiumCents: input.premiumCents,
  })
  await repository.insertTransaction(tx, {
    agencyId,
    policyId: policy.id,
    termId: term.id,
    kind: 'new_business',
    effectiveDate: input.effectiveDate,
    premiumChangeCents: input.premiumCents,
    description: input.source === 'imported' ? IMPORTED_POLICY_DESCRIPTION : null,
    createdByUserId: userId,
  })
  // A letter its uploader deleted since the quote was entered is simply not linked.
  if (input.quoteDocumentId && (await findDocumentFiles(tx, agencyId, [input.quoteDocumentId])).size > 0) {
    await documentsRepository.insertPolicyDocument(tx, {
      agencyId,
      policyId: policy.id,
      documentId: input.quoteDocumentId,
      documentType: 'quote',
      uploadedByUserId: userId,
    })
  }
  // A book import announces its policies once, at its end, rather than one job a row.
  if (input.source !== 'imported') {
    await announcePoliciesWritten(tx, agencyId, policy.id)
    await announceTransactionsWritten(tx, agencyId, [policy.id])
  }
  await recordAudit(tx, ctx, {
    action: input.source === 'bound' ? 'policy.bound' : 'policy.created',
    entity: { type: 'policy', id: policy.id },
    details: { carrierId: input.carrierId, lineOfBusiness: input.lineOfBusiness, source: input.source },
  })
  return policy.id
}

/** An existing policy entered by hand: its carrier and producer must be the agency's to use. */
export async function createPolicy(db: Db, ctx: Ctx, input: PolicyInput): Promise<Policy> {
  const { agencyId } = ctx.actor
  const id = await db.transaction(async (tx) => {
    const [carrier] = await findAgencyCarriers(tx, agencyId, [input.carrierId])
    if (!carrier) throw invalidField('carrierId', POLICY_TEXTS.unknownCarrier)
    if (input.producerUserId) await requireProducer(tx, agencyId, input.producerUserId)
    return createPolicyInTx(tx, ctx, {
      ...input,
      producerUserId: input.producerUserId ?? ctx.actor.userId,
      premiumCents: toCents(input.annualPremium),
      source: 'entered',
    })
  })
  return getPolicy(db, ctx, id)
}

async function requireProducer(executor: Executor, agencyId: string, userId: string) {
  const user = (await findUserNames(executor, [userId])).get(userId)
  if (user?.agencyId !== agencyId) throw invalidField('producerUserId', POLICY_TEXTS.unknownProducer)
}
