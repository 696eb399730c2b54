import { and, desc, eq } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { appointments, directDeposits } from './appointments.table.ts'

export type AppointmentRow = typeof appointments.$inferSelect
export type NewAppointment = typeof appointments.$inferInsert
export type DirectDepositRow = typeof directDeposits.$inferSelect

export async function insertAppointment(executor: Executor, values: NewAppointment): Promise<AppointmentRow> {
  const [row] = await executor.insert(appointments).values(values).returning()
  return row!
}

/** The agency's applications (or one agent's, or one), newest first. */
export function listAppointments(
  executor: Executor,
  agencyId: string,
  only: { userId?: string; id?: string },
  limit = 100,
) {
  return executor
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.agencyId, agencyId),
        only.userId ? eq(appointments.userId, only.userId) : undefined,
        only.id ? eq(appointments.id, only.id) : undefined,
      ),
    )
    .orderBy(desc(appointments.createdAt), desc(appointments.id))
    .limit(limit)
}

export async function findAppointment(
  executor: Executor,
  agencyId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<AppointmentRow | undefined> {
  const query = executor
    .select()
    .from(appointments)
    .where(and(eq(appointments.agencyId, agencyId), eq(appointments.id, id)))
  const [row] = options.forUpdate ? await query.for('update') : await query
  return row
}

export async function findLatestAppointment(
  executor: Executor,
  agencyId: string,
  userId: string,
): Promise<AppointmentRow | undefined> {
  const [row] = await executor
    .select()
    .from(appointments)
    .where(and(eq(appointments.agencyId, agencyId), eq(appointments.userId, userId)))
    .orderBy(desc(appointments.createdAt), desc(appointments.id))
    .limit(1)
  return row
}

export async function findDirectDeposit(
  executor: Executor,
  agencyId: string,
  userId: string,
): Promise<DirectDepositRow | undefined> {
  const [row] = await executor
    .select()
    .from(directDeposits)
    .where(and(eq(directDeposits.agencyId, agencyId), eq(directDeposits.userId, userId)))
  return row
}

/** One account per agent: saving again replaces it. */
export async function upsertDirectDeposit(
  executor: Executor,
  values: typeof directDeposits.$inferInsert,
): Promise<DirectDepositRow> {
  const { agencyId: _agency, userId: _user, ...changes } = values
  const [row] = await executor
    .insert(directDeposits)
    .values(values)
    .onConflictDoUpdate({ target: [directDeposits.agencyId, directDeposits.userId], set: changes })
    .returning()
  return row!
}

/** The ids of the agency's applications, each with its user (an agent sends one or two). */
export function listAppointmentOwners(executor: Executor, agencyId: string) {
  return executor
    .select({ id: appointments.id, userId: appointments.userId })
    .from(appointments)
    .where(eq(appointments.agencyId, agencyId))
}
