import { and, asc, count, countDistinct, desc, eq, gte, inArray, lt, lte, ne, or, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import type { CarrierNamesQuery } from '../carriers/carriers.service.ts'
import type { ClientCardsQuery } from '../clients/clients.service.ts'
import { applicationCarriers, applicationStatusChanges, applications } from './applications.table.ts'

export type ApplicationRow = typeof applications.$inferSelect

export interface ApplicationFilter {
  status?: string
  type?: string
  carrierId?: string
  clientId?: string
  from?: string
  to?: string
}

export async function insertApplication(executor: Executor, values: typeof applications.$inferInsert) {
  const [row] = await executor.insert(applications).values(values).returning()
  return row!
}

export async function insertStatusChange(
  executor: Executor,
  values: typeof applicationStatusChanges.$inferInsert,
) {
  await executor.insert(applicationStatusChanges).values(values)
}

/** The carriers an application was sent to, once each however often it goes again. */
export async function insertSentCarriers(
  executor: Executor,
  agencyId: string,
  applicationId: string,
  carrierIds: readonly string[],
) {
  if (carrierIds.length === 0) return
  await executor
    .insert(applicationCarriers)
    .values(carrierIds.map((carrierId) => ({ agencyId, applicationId, carrierId })))
    .onConflictDoNothing()
}

export async function findSentCarrierIds(executor: Executor, agencyId: string, applicationId: string) {
  const rows = await executor
    .select({ carrierId: applicationCarriers.carrierId })
    .from(applicationCarriers)
    .where(
      and(eq(applicationCarriers.agencyId, agencyId), eq(applicationCarriers.applicationId, applicationId)),
    )
    .orderBy(asc(applicationCarriers.createdAt))
  return rows.map((row) => row.carrierId)
}

/** How many of the agency's applications went to each carrier: one grouped read of its index. */
export function countSentApplicationsByCarrier(executor: Executor, agencyId: string) {
  return executor
    .select({ carrierId: applicationCarriers.carrierId, applications: count() })
    .from(applicationCarriers)
    .where(eq(applicationCarriers.agencyId, agencyId))
    .groupBy(applicationCarriers.carrierId)
}

export async function findApplicationForUpdate(executor: Executor, agencyId: string, id: string) {
  const [row] = await executor
    .select()
    .from(applications)
    .where(and(eq(applications.agencyId, agencyId), eq(applications.id, id)))
    .for('update')
  return row
}

export async function updateApplication(
  executor: Executor,
  agencyId: string,
  id: string,
  values: Partial<ApplicationRow>,
) {
  await executor
    .update(applications)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(applications.agencyId, agencyId), eq(applications.id, id)))
}

export function conditionsFor(agencyId: string, filter: ApplicationFilter) {
  const conditions = [eq(applications.agencyId, agencyId)]
  if (filter.status) conditions.push(eq(applications.status, filter.status))
  if (filter.type) conditions.push(eq(applications.insuranceType, filter.type))
  if (filter.clientId) conditions.push(eq(applications.clientId, filter.clientId))
  if (filter.from) conditions.push(gte(applications.createdAt, new Date(`${filter.from}T00:00:00Z`)))
  if (filter.to) conditions.push(lte(applications.createdAt, new Date(`${filter.to}T23:59:59.999Z`)))
  // A list filters in the query, not after it: whether the application went to the carrier.
  if (filter.carrierId) {
    conditions.push(
      sql`exists (select 1 from ${applicationCarriers} c where c.agency_id = ${agencyId}
        and c.application_id = ${applications.id} and c.carrier_id = ${filter.carrierId})`,
    )
  }
  return conditions
}

/**
 * What names an application's client and carriers, from the features that own them: query
 * fragments their services export, joined here so that a list page is one query (decision 025).
 */
export interface ApplicationNames {
  clients: ClientCardsQuery
  carriers: CarrierNamesQuery
}

/**
 * Applications with their client's card, their primary carrier's name and how many carriers they
 * went to. The inner join leaves out an application whose client is not the agency's.
 */
function selectNamedApplications(executor: Executor, names: ApplicationNames) {
  const { clients: card, carriers: carrier } = names
  return executor
    .select({
      application: applications,
      client: {
        id: card.id,
        firstName: card.firstName,
        lastName: card.lastName,
        email: card.email,
        state: card.state,
        zipCode: card.zipCode,
        age: card.age,
      },
      carrier: { id: carrier.id, name: carrier.name },
      // The application is already the agency's: the primary key alone finds its carriers.
      carrierCount: sql<number>`(select count(*) from ${applicationCarriers} c
        where c.application_id = ${applications.id})`.mapWith(Number),
    })
    .from(applications)
    .innerJoin(card, eq(card.id, applications.clientId))
    .leftJoin(carrier, eq(carrier.id, applications.carrierId))
    .$dynamic()
}

export type NamedApplicationRow = NonNullable<Awaited<ReturnType<typeof findNamedApplication>>>

/**
 * Newest first. The page of ids is taken from the (agency, created_at, id) index before anything
 * is joined, so a large agency never joins all its applications to sort them.
 */
export function findApplications(
  executor: Executor,
  agencyId: string,
  filter: ApplicationFilter,
  page: { limit: number; after?: { createdAt: Date; id: string } },
  names: ApplicationNames,
) {
  const conditions = conditionsFor(agencyId, filter)
  if (page.after) {
    conditions.push(
      or(
        lt(applications.createdAt, page.after.createdAt),
        and(eq(applications.createdAt, page.after.createdAt), lt(applications.id, page.after.id)),
      )!,
    )
  }
  const ids = executor
    .select({ id: applications.id })
    .from(applications)
    .where(and(...conditions))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(page.limit)
    .as('page_ids')
  return selectNamedApplications(executor, names)
    .innerJoin(ids, eq(ids.id, applications.id))
    .orderBy(desc(applications.createdAt), desc(applications.id))
}

/** One application as the list names it, when it is the agency's. */
export async function findNamedApplication(
  executor: Executor,
  agencyId: string,
  id: string,
  names: ApplicationNames,
) {
  const [row] = await selectNamedApplications(executor, names).where(
    and(eq(applications.agencyId, agencyId), eq(applications.id, id)),
  )
  return row
}

export async function findApplicationById(executor: Executor, agencyId: string, id: string) {
  const [row] = await executor
    .select()
    .from(applications)
    .where(and(eq(applications.agencyId, agencyId), eq(applications.id, id)))
  return row
}

/** The client's latest application of a line, if any. */
export async function findLatestOfClient(
  executor: Executor,
  agencyId: string,
  clientId: string,
  insuranceType: string,
) {
  const [row] = await executor
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.agencyId, agencyId),
        eq(applications.clientId, clientId),
        eq(applications.insuranceType, insuranceType),
      ),
    )
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(1)
  return row
}

export async function countByStatus(executor: Executor, agencyId: string) {
  const rows = await executor
    .select({ status: applications.status, value: count() })
    .from(applications)
    .where(eq(applications.agencyId, agencyId))
    .groupBy(applications.status)
  return new Map(rows.map((row) => [row.status, row.value]))
}

export function findStatusChanges(executor: Executor, agencyId: string, applicationId: string) {
  return executor
    .select({
      fromStatus: applicationStatusChanges.fromStatus,
      toStatus: applicationStatusChanges.toStatus,
      note: applicationStatusChanges.note,
      createdAt: applicationStatusChanges.createdAt,
      changedByUserId: applicationStatusChanges.changedByUserId,
    })
    .from(applicationStatusChanges)
    .where(
      and(
        eq(applicationStatusChanges.agencyId, agencyId),
        eq(applicationStatusChanges.applicationId, applicationId),
      ),
    )
    .orderBy(asc(applicationStatusChanges.createdAt))
}

/** Every agency's applications per creator (the owner dashboard's rollup), and the total. */
export async function countApplicationsByCreator(executor: Executor) {
  const perUser = await executor
    .select({
      agencyId: applications.agencyId,
      userId: applications.createdByUserId,
      applications: count(),
    })
    .from(applications)
    .groupBy(applications.agencyId, applications.createdByUserId)
  return perUser
}

/** How many applications each of these clients has (those with none are absent). */
export async function countApplicationsByClient(
  executor: Executor,
  agencyId: string,
  clientIds: string[],
): Promise<Map<string, number>> {
  if (clientIds.length === 0) return new Map()
  const rows = await executor
    .select({ clientId: applications.clientId, value: count() })
    .from(applications)
    .where(and(eq(applications.agencyId, agencyId), inArray(applications.clientId, clientIds)))
    .groupBy(applications.clientId)
  return new Map(rows.map((row) => [row.clientId, row.value]))
}

/** How many of the agency's clients have an application that is not rejected. */
export async function countActiveClients(executor: Executor, agencyId: string): Promise<number> {
  const [active] = await executor
    .select({ value: countDistinct(applications.clientId) })
    .from(applications)
    .where(and(eq(applications.agencyId, agencyId), ne(applications.status, 'rejected')))
  return active?.value ?? 0
}
