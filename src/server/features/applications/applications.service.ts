import type { Db, Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { decodeCursor, encodeCursor } from '#server/platform/cursor.ts'
import type { Application, ApplicationListItem } from '#shared/contracts/applications.contract.ts'
import {
  type ApplicationStatus,
  boundByHandRefusal,
  canTransition,
  STATUSES_SET_BY_BINDING,
  transitionRefusal,
} from '#shared/domain/application-status.ts'
import type { InsuranceType } from '#shared/domain/insurance-types.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { findUserNames } from '../auth/find-user-names.ts'
import { listSubmissionsOf } from '../carrier-delivery/carrier-delivery.service.ts'
import { findCarrierNames, selectCarrierNames } from '../carriers/carriers.service.ts'
import { type ClientApplications, selectClientCards } from '../clients/clients.service.ts'
import { notifyUser } from '../notifications/notifications.service.ts'
import * as repository from './applications.repository.ts'

const notFound = () => new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })

/** What names an application's client and carriers in its row: their features' query fragments. */
function namesFor(agencyId: string): repository.ApplicationNames {
  return { clients: selectClientCards(agencyId), carriers: selectCarrierNames() }
}

function toListItem(row: repository.NamedApplicationRow): ApplicationListItem {
  return {
    id: row.application.id,
    status: row.application.status as ApplicationStatus,
    insuranceType: row.application.insuranceType as InsuranceType,
    createdAt: row.application.createdAt.toISOString(),
    client: row.client,
    carrier: row.carrier,
    carrierCount: row.carrierCount,
  }
}

export async function listApplications(
  db: Executor,
  { actor }: Ctx,
  query: repository.ApplicationFilter & { limit: number; cursor?: string },
) {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined
  const rows = await repository.findApplications(
    db,
    actor.agencyId,
    query,
    { limit: query.limit + 1, after },
    namesFor(actor.agencyId),
  )
  const page = rows.slice(0, query.limit)
  const last = page[page.length - 1]?.application
  return {
    data: page.map(toListItem),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  }
}

/** What the clients feature shows of its clients' applications (it sits below applications). */
export const clientApplications: ClientApplications = {
  countByClient: repository.countApplicationsByClient,
  countActiveClients: repository.countActiveClients,
}

export async function summarizeApplications(db: Executor, { actor }: Ctx) {
  const counts = await repository.countByStatus(db, actor.agencyId)
  const of = (status: string) => counts.get(status) ?? 0
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0)
  return {
    total,
    draft: of('draft'),
    pending: of('pending'),
    review: of('review'),
    approved: of('approved'),
    rejected: of('rejected'),
    bound: of('bound'),
  }
}

/**
 * A user opening an application: its answers hold the client's personal data, so the read is
 * audited (the compliance trail shows it). An id of another agency answers 404 and records nothing.
 */
export function viewApplication(db: Db, ctx: Ctx, id: string): Promise<Application> {
  return db.transaction(async (tx) => {
    const application = await getApplication(tx, ctx, id)
    await recordAudit(tx, ctx, { action: 'application.viewed', entity: { type: 'application', id: id } })
    return application
  })
}

export async function getApplication(db: Executor, ctx: Ctx, id: string): Promise<Application> {
  const { actor } = ctx
  const row = await repository.findNamedApplication(db, actor.agencyId, id, namesFor(actor.agencyId))
  if (!row) throw notFound()
  const { application } = row
  const [submissions, history, names] = await Promise.all([
    listSubmissionsOf(db, actor.agencyId, { type: 'application', id }),
    repository.findStatusChanges(db, actor.agencyId, id),
    findCarrierNames(
      db,
      [application.secondaryCarrierId].filter((v): v is string => !!v),
    ),
  ])
  const changers = await findUserNames(
    db,
    history.flatMap((h) => (h.changedByUserId ? [h.changedByUserId] : [])),
  )
  const carrierNamed = (carrierId: string | null) =>
    carrierId ? { id: carrierId, name: names.get(carrierId)?.name ?? '' } : null
  return {
    ...toListItem(row),
    updatedAt: application.updatedAt.toISOString(),
    submissionType: application.submissionType as Application['submissionType'],
    carrierFilters: application.carrierFilters ?? null,
    secondaryCarrier: carrierNamed(application.secondaryCarrierId),
    applicationData: application.applicationData,
    notes: application.notes,
    submissions,
    history: history.map((h) => {
      const changer = h.changedByUserId ? changers.get(h.changedByUserId) : undefined
      return {
        fromStatus: (h.fromStatus as ApplicationStatus | null) ?? null,
        toStatus: h.toStatus as ApplicationStatus,
        changedBy: changer?.firstName ? `${changer.firstName} ${changer.lastName}` : null,
        note: h.note,
        createdAt: h.createdAt.toISOString(),
      }
    }),
  }
}

/** The application's carrier submissions with their history; 404 when it is not the agency's. */
export async function listApplicationSubmissions(db: Executor, { actor }: Ctx, id: string) {
  if (!(await repository.findApplicationById(db, actor.agencyId, id))) throw notFound()
  return { submissions: await listSubmissionsOf(db, actor.agencyId, { type: 'application', id }) }
}

const STATUS_WORDS: Record<ApplicationStatus, string> = {
  draft: 'reopened as a draft',
  pending: 'pending',
  review: 'in review',
  approved: 'approved',
  rejected: 'rejected',
  bound: 'bound',
}

/** A status change follows the machine (409 naming both states), is recorded, audited and notified. */
export async function updateApplication(
  db: Db,
  ctx: Ctx,
  id: string,
  input: { status?: ApplicationStatus; notes?: string; note?: string },
): Promise<Application> {
  const { actor } = ctx
  await db.transaction(async (tx) => {
    const current = await repository.findApplicationForUpdate(tx, actor.agencyId, id)
    if (!current) throw notFound()
    const from = current.status as ApplicationStatus
    const changes: Partial<repository.ApplicationRow> = {}
    if (input.notes !== undefined) changes.notes = input.notes
    if (input.status && input.status !== from) {
      if (!canTransition(from, input.status)) {
        throw new AppError('CONFLICT', { message: transitionRefusal(from, input.status) })
      }
      if (STATUSES_SET_BY_BINDING.includes(input.status)) {
        throw new AppError('CONFLICT', { message: boundByHandRefusal() })
      }
      changes.status = input.status
      await repository.insertStatusChange(tx, {
        agencyId: actor.agencyId,
        applicationId: id,
        fromStatus: from,
        toStatus: input.status,
        changedByUserId: actor.userId,
        note: input.note ?? null,
      })
      if (current.createdByUserId) {
        await notifyUser(tx, {
          agencyId: actor.agencyId,
          userId: current.createdByUserId,
          title: `Application ${STATUS_WORDS[input.status]}`,
          message: `The ${current.insuranceType} application is now ${STATUS_WORDS[input.status]}.${input.note ? ` ${input.note}` : ''}`,
          type: 'update',
          priority: input.status === 'approved' || input.status === 'rejected' ? 'high' : 'normal',
        })
      }
    }
    await repository.updateApplication(tx, actor.agencyId, id, changes)
    await recordAudit(tx, ctx, {
      action: changes.status ? 'application.status_changed' : 'application.updated',
      entity: { type: 'application', id: id },
      details: changes.status ? { from, to: changes.status } : { fields: Object.keys(changes) },
    })
  })
  return getApplication(db, ctx, id)
}

/** Final states: an application in one is not sent to more carriers. */
const CLOSED: readonly ApplicationStatus[] = ['approved', 'rejected', 'bound']

/**
 * For sending an application to more carriers: the application, locked for the caller's
 * transaction. 404 when it is not the agency's; 409 once it is approved or rejected.
 */
export async function lockApplicationForSubmission(tx: Executor, agencyId: string, id: string) {
  const application = await repository.findApplicationForUpdate(tx, agencyId, id)
  if (!application) throw notFound()
  const status = application.status as ApplicationStatus
  if (CLOSED.includes(status)) {
    throw new AppError('CONFLICT', {
      message: `An application that is ${status} cannot be sent to more carriers.`,
    })
  }
  return { id: application.id, status, insuranceType: application.insuranceType as InsuranceType }
}

/** What the quotes feature reads of an application: its client, line, status, creator and answers. */
export interface QuotedApplication {
  id: string
  clientId: string
  insuranceType: InsuranceType
  status: ApplicationStatus
  createdByUserId: string | null
  applicationData: Record<string, unknown>
}

function toQuotedApplication(row: repository.ApplicationRow): QuotedApplication {
  return {
    id: row.id,
    clientId: row.clientId,
    insuranceType: row.insuranceType as InsuranceType,
    status: row.status as ApplicationStatus,
    createdByUserId: row.createdByUserId,
    applicationData: row.applicationData,
  }
}

/**
 * For quotes: the application when it is the agency's, else undefined. `forUpdate` locks it for
 * the caller's transaction, so that quotes arriving and a bind are taken one at a time.
 */
export async function findQuotedApplication(
  executor: Executor,
  agencyId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<QuotedApplication | undefined> {
  const row = options.forUpdate
    ? await repository.findApplicationForUpdate(executor, agencyId, id)
    : await repository.findApplicationById(executor, agencyId, id)
  return row ? toQuotedApplication(row) : undefined
}

/** The ids of the carriers the application was sent to (application_carriers). */
export function findSentCarrierIds(executor: Executor, agencyId: string, applicationId: string) {
  return repository.findSentCarrierIds(executor, agencyId, applicationId)
}

/** For the quote rate: how many of the agency's applications went to each carrier, by carrier id. */
export async function countSentApplicationsByCarrier(
  executor: Executor,
  agencyId: string,
): Promise<Map<string, number>> {
  const rows = await repository.countSentApplicationsByCarrier(executor, agencyId)
  return new Map(rows.map((row) => [row.carrierId, row.applications]))
}

/**
 * One of the application's quotes became a policy, in the caller's transaction (which holds the
 * application's lock): the application moves to bound by the state machine (409 naming both
 * states otherwise), with the change on record, its agent told and the change audited.
 */
export async function markApplicationBound(
  tx: Executor,
  ctx: Ctx,
  application: Pick<QuotedApplication, 'id' | 'status' | 'createdByUserId' | 'insuranceType'>,
  note: string,
): Promise<void> {
  const { agencyId, userId } = ctx.actor
  const from = application.status
  if (!canTransition(from, 'bound')) {
    throw new AppError('CONFLICT', { message: transitionRefusal(from, 'bound') })
  }
  await repository.updateApplication(tx, agencyId, application.id, { status: 'bound' })
  await repository.insertStatusChange(tx, {
    agencyId,
    applicationId: application.id,
    fromStatus: from,
    toStatus: 'bound',
    changedByUserId: userId,
    note,
  })
  if (application.createdByUserId && application.createdByUserId !== userId) {
    await notifyUser(tx, {
      agencyId,
      userId: application.createdByUserId,
      title: `Application ${STATUS_WORDS.bound}`,
      message: `The ${application.insuranceType} application is now bound. ${note}`,
      type: 'update',
      priority: 'high',
    })
  }
  await recordAudit(tx, ctx, {
    action: 'application.status_changed',
    entity: { type: 'application', id: application.id },
    details: { from, to: 'bound' },
  })
}

/**
 * An application sent to carriers: the carriers are kept (the list filters on them), and a draft
 * becomes pending (draft → pending in the state machine), with the change on record.
 */
export async function markApplicationSubmitted(
  tx: Executor,
  ctx: Ctx,
  application: { id: string; status: ApplicationStatus },
  carrierIds: readonly string[],
): Promise<void> {
  await repository.insertSentCarriers(tx, ctx.actor.agencyId, application.id, carrierIds)
  // Only a draft moves: one in review stays there while it also goes to another carrier.
  if (application.status !== 'draft') return
  const carrierCount = carrierIds.length
  await repository.updateApplication(tx, ctx.actor.agencyId, application.id, { status: 'pending' })
  await repository.insertStatusChange(tx, {
    agencyId: ctx.actor.agencyId,
    applicationId: application.id,
    fromStatus: 'draft',
    toStatus: 'pending',
    changedByUserId: ctx.actor.userId,
    note: `Submitted to ${carrierCount} carrier${carrierCount === 1 ? '' : 's'}`,
  })
}

/**
 * Applications per creator across every agency, and the total (applications whose creator is
 * unknown count in the total only). For the owner dashboard's rollup; not an agency's view.
 */
export async function countApplicationsByCreator(executor: Executor) {
  const rows = await repository.countApplicationsByCreator(executor)
  const total = rows.reduce((sum, row) => sum + row.applications, 0)
  const perUser = rows.flatMap((row) =>
    row.userId ? [{ agencyId: row.agencyId, userId: row.userId, applications: row.applications }] : [],
  )
  return { total, perUser }
}
