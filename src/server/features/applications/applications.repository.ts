import {
  aliasedTable,
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gte,
  inArray,
  lt,
  lte,
  ne,
  or,
  sql,
} from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { agencies } from '../agencies/agencies.table.ts'
import { users } from '../auth/auth.table.ts'
import { carrierSubmissions } from '../carrier-delivery/carrier-delivery.table.ts'
import { carriers } from '../carriers/carriers.table.ts'
import { clients } from '../clients/clients.table.ts'
import { applicationStatusChanges, applications } from './applications.table.ts'

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
  if (filter.carrierId) {
    conditions.push(
      sql`exists (select 1 from ${carrierSubmissions} s where s.agency_id = ${agencyId}
        and s.record_type = 'application' and s.record_id = ${applications.id} and s.carrier_id = ${filter.carrierId})`,
    )
  }
  return conditions
}

const primaryCarrier = aliasedTable(carriers, 'primary_carrier')

/** Applications with the client's name and address, the primary carrier and the carrier count. */
function selectApplications(executor: Executor, agencyId: string) {
  return executor
    .select({
      application: applications,
      client: {
        id: clients.id,
        firstName: clients.firstName,
        lastName: clients.lastName,
        email: clients.email,
        state: clients.state,
        zipCode: clients.zipCode,
        // Age in whole years today; the date of birth itself stays with the client's record.
        age: sql<number | null>`extract(year from age(current_date, ${clients.dateOfBirth}))::int`,
      },
      carrier: { id: primaryCarrier.id, name: primaryCarrier.name },
      carrierCount: sql<number>`(select count(*) from ${carrierSubmissions} s where s.agency_id = ${agencyId}
        and s.record_type = 'application' and s.record_id = ${applications.id})`.mapWith(Number),
    })
    .from(applications)
    .innerJoin(clients, and(eq(clients.id, applications.clientId), eq(clients.agencyId, agencyId)))
    .leftJoin(primaryCarrier, eq(primaryCarrier.id, applications.carrierId))
    .$dynamic()
}

/**
 * Newest first. The page of ids is taken from the (agency, created_at, id) index before anything
 * is joined, so a large agency never joins all its applications to sort them.
 */
export function findApplications(
  executor: Executor,
  agencyId: string,
  filter: ApplicationFilter,
  page: { limit: number; after?: { createdAt: Date; id: string } },
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
  return selectApplications(executor, agencyId)
    .innerJoin(ids, eq(ids.id, applications.id))
    .orderBy(desc(applications.createdAt), desc(applications.id))
}

export async function findApplicationById(executor: Executor, agencyId: string, id: string) {
  const [row] = await selectApplications(executor, agencyId).where(
    and(eq(applications.agencyId, agencyId), eq(applications.id, id)),
  )
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
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(applicationStatusChanges)
    .leftJoin(users, eq(users.id, applicationStatusChanges.changedByUserId))
    .where(
      and(
        eq(applicationStatusChanges.agencyId, agencyId),
        eq(applicationStatusChanges.applicationId, applicationId),
      ),
    )
    .orderBy(asc(applicationStatusChanges.createdAt))
}

export async function findCarrierNames(executor: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>()
  const rows = await executor
    .select({ id: carriers.id, name: carriers.name })
    .from(carriers)
    .where(inArray(carriers.id, ids))
  return new Map(rows.map((row) => [row.id, row.name]))
}

/** What a carrier packet says of an application: the application, its client, agency and the sending agent. */
export async function findPacketContext(
  executor: Executor,
  agencyId: string,
  id: string,
  agentUserId: string | null,
) {
  const [row] = await executor
    .select({
      application: applications,
      client: clients,
      agencyName: agencies.name,
      agent: { firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(applications)
    .innerJoin(clients, and(eq(clients.id, applications.clientId), eq(clients.agencyId, agencyId)))
    .innerJoin(agencies, eq(agencies.id, applications.agencyId))
    .leftJoin(users, agentUserId ? and(eq(users.id, agentUserId), eq(users.agencyId, agencyId)) : sql`false`)
    .where(and(eq(applications.agencyId, agencyId), eq(applications.id, id)))
  return row
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
