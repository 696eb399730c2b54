import type { Executor } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { InsuranceType } from '#shared/domain/insurance-types.ts'
import { consumeApplicationQuota } from '../billing/billing.service.ts'
import * as repository from './applications.repository.ts'

export interface ApplicationToCopy {
  id: string
  applicationData: Record<string, unknown>
  notes: string | null
}

/**
 * The application a client's next one is made from: `applicationId` when it is the agency's and
 * the client's application of this line (the one a policy was bound from), else the client's
 * latest application of the line; undefined when the client has none.
 */
export async function findApplicationToCopy(
  executor: Executor,
  agencyId: string,
  of: { applicationId: string | null; clientId: string; insuranceType: InsuranceType },
): Promise<ApplicationToCopy | undefined> {
  const own = of.applicationId
    ? await repository.findApplicationById(executor, agencyId, of.applicationId)
    : undefined
  const row =
    own?.clientId === of.clientId && own.insuranceType === of.insuranceType
      ? own
      : await repository.findLatestOfClient(executor, agencyId, of.clientId, of.insuranceType)
  return row ? { id: row.id, applicationData: row.applicationData, notes: row.notes } : undefined
}

export interface DraftApplication {
  clientId: string
  insuranceType: InsuranceType
  /** Copied as they are: nothing is typed again. */
  applicationData: Record<string, unknown>
  notes: string | null
  /** Why the draft was made, the first line of its history. */
  note: string
  /** The application it was copied from, for the audit event. */
  copiedFrom: string | null
}

/**
 * In the caller's transaction: a draft application for an existing client, counted against the
 * plan's monthly applications as every application is, with its first status on record and
 * audited. It is sent to carriers through bulk submission (which moves it to pending).
 */
export async function createDraftApplication(
  tx: Executor,
  ctx: Ctx,
  draft: DraftApplication,
): Promise<string> {
  const { agencyId, userId } = ctx.actor
  await consumeApplicationQuota(tx, agencyId)
  const application = await repository.insertApplication(tx, {
    agencyId,
    clientId: draft.clientId,
    createdByUserId: userId,
    insuranceType: draft.insuranceType,
    status: 'draft',
    submissionType: 'filtered_carriers',
    applicationData: draft.applicationData,
    notes: draft.notes,
  })
  await repository.insertStatusChange(tx, {
    agencyId,
    applicationId: application.id,
    fromStatus: null,
    toStatus: 'draft',
    changedByUserId: userId,
    note: draft.note,
  })
  await recordAudit(tx, ctx, {
    action: 'application.created',
    entity: { type: 'application', id: application.id },
    details: { insuranceType: draft.insuranceType, status: 'draft', copiedFrom: draft.copiedFrom },
  })
  return application.id
}
