// The applications list's bare query for the bench's baseline: one statement joining the page of
// ids to the clients, the primary carrier and the count of carriers sent to, written on the tables
// directly (the shape of the list's query at 9bf2389) and answered without the app's layers. The
// bench may read every feature's table; the product may not.
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { applicationCarriers, applications } from '#server/features/applications/applications.table.ts'
import { carriers } from '#server/features/carriers/carriers.table.ts'
import { clients } from '#server/features/clients/clients.table.ts'
import { encodeCursor } from '#server/platform/cursor.ts'

export async function findBareApplicationsPage(executor: Executor, agencyId: string, limit: number) {
  const ids = executor
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.agencyId, agencyId))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(limit + 1)
    .as('page_ids')
  const rows = await executor
    .select({
      application: applications,
      client: {
        id: clients.id,
        firstName: clients.firstName,
        lastName: clients.lastName,
        email: clients.email,
        state: clients.state,
        zipCode: clients.zipCode,
        age: sql<number | null>`extract(year from age(current_date, ${clients.dateOfBirth}))::int`,
      },
      carrier: { id: carriers.id, name: carriers.name },
      carrierCount: sql<number>`(select count(*) from ${applicationCarriers} c
        where c.application_id = ${applications.id})`.mapWith(Number),
    })
    .from(applications)
    .innerJoin(ids, eq(ids.id, applications.id))
    .innerJoin(clients, and(eq(clients.id, applications.clientId), eq(clients.agencyId, agencyId)))
    .leftJoin(carriers, eq(carriers.id, applications.carrierId))
    .orderBy(desc(applications.createdAt), desc(applications.id))
  const page = rows.slice(0, limit)
  const last = page.at(-1)?.application
  return {
    data: page.map(({ application, client, carrier, carrierCount }) => ({
      id: application.id,
      status: application.status,
      insuranceType: application.insuranceType,
      createdAt: application.createdAt.toISOString(),
      client,
      carrier,
      carrierCount,
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
  }
}
