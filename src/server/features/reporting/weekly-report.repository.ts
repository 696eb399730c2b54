import { and, asc, count, countDistinct, eq, gt, gte, inArray, isNull, lt } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Executor } from '#server/db/connect.ts'
import { CARRIER_REPORTED_STATUSES } from '#shared/domain/submission-status.ts'
import { applications } from '../applications/applications.table.ts'
import { appointments } from '../appointments/appointments.table.ts'
import { users } from '../auth/auth.table.ts'
import { carrierSubmissions, submissionStatusChanges } from '../carrier-delivery/carrier-delivery.table.ts'
import { clients } from '../clients/clients.table.ts'

// The weekly report's read across features' tables (decision 013): counts only, each naming its
// agency, and the users who asked for the report.

export interface WeeklyCounts {
  clientsAdded: number
  applicationsCreated: number
  applicationsSubmitted: number
  carrierAnswers: number
  appointmentsCreated: number
}

export interface Period {
  from: Date
  to: Date
}

async function one(query: Promise<{ n: number }[]>): Promise<number> {
  const [row] = await query
  return Number(row?.n ?? 0)
}

/** What happened in the agency over [from, to). */
export async function countAgencyWeek(
  executor: Executor,
  agencyId: string,
  { from, to }: Period,
): Promise<WeeklyCounts> {
  const within = (column: PgColumn) => and(gte(column, from), lt(column, to))
  const [clientsAdded, applicationsCreated, applicationsSubmitted, carrierAnswers, appointmentsCreated] =
    await Promise.all([
      one(
        executor
          .select({ n: count() })
          .from(clients)
          .where(and(eq(clients.agencyId, agencyId), within(clients.createdAt))),
      ),
      one(
        executor
          .select({ n: count() })
          .from(applications)
          .where(and(eq(applications.agencyId, agencyId), within(applications.createdAt))),
      ),
      one(
        executor
          .select({ n: countDistinct(carrierSubmissions.recordId) })
          .from(carrierSubmissions)
          .where(
            and(
              eq(carrierSubmissions.agencyId, agencyId),
              eq(carrierSubmissions.recordType, 'application'),
              within(carrierSubmissions.createdAt),
            ),
          ),
      ),
      one(
        executor
          .select({ n: count() })
          .from(submissionStatusChanges)
          .where(
            and(
              eq(submissionStatusChanges.agencyId, agencyId),
              inArray(submissionStatusChanges.source, ['carrier', 'agent']),
              inArray(submissionStatusChanges.toStatus, [...CARRIER_REPORTED_STATUSES]),
              within(submissionStatusChanges.createdAt),
            ),
          ),
      ),
      one(
        executor
          .select({ n: count() })
          .from(appointments)
          .where(and(eq(appointments.agencyId, agencyId), within(appointments.createdAt))),
      ),
    ])
  return { clientsAdded, applicationsCreated, applicationsSubmitted, carrierAnswers, appointmentsCreated }
}

/** Agencies with at least one active user who wants the weekly report, a page at a time by id. */
export async function agenciesWantingWeekly(executor: Executor, after: string | null, limit: number) {
  const wanted = and(eq(users.notifyWeekly, true), isNull(users.disabledAt))
  const rows = await executor
    .selectDistinct({ agencyId: users.agencyId })
    .from(users)
    .where(after === null ? wanted : and(wanted, gt(users.agencyId, after)))
    .orderBy(asc(users.agencyId))
    .limit(limit)
  return rows.map((row) => row.agencyId)
}

/** The agency's active users who want the weekly report. */
export async function weeklyRecipients(executor: Executor, agencyId: string) {
  return executor
    .select({ id: users.id, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.notifyWeekly, true), isNull(users.disabledAt)))
}
