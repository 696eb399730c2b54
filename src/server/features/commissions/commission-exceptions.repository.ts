import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import type { ExceptionKind, ExceptionResolution } from '#shared/contracts/commissions-statements.contract.ts'
import { commissionExceptions, commissionStatementLines } from './commission-statements.table.ts'
import { expectedCommissions } from './expected-commissions.table.ts'

const exceptions = commissionExceptions
const lines = commissionStatementLines
const expected = expectedCommissions

/**
 * An expected commission is paid once a matched or resolved line holds it: the import's matching,
 * the queue's candidates and the never-paid job all read "paid" this one way. `expectedId` is the
 * expected row's id column in the caller's query.
 */
export function isPaid(agencyId: string, expectedId: SQL | typeof expected.id): SQL {
  return sql`exists (select 1 from ${lines} paid
    where paid.agency_id = ${agencyId} and paid.expected_commission_id = ${expectedId}
      and paid.status in ('matched', 'resolved'))`
}

// A line exception's expected row is the line's (a match by hand may have changed it); a never-paid
// one's is its own.
const expectedIdOf = sql`coalesce(${lines.expectedCommissionId}, ${exceptions.expectedCommissionId})`

const COLUMNS = {
  id: exceptions.id,
  kind: exceptions.kind,
  status: exceptions.status,
  resolution: exceptions.resolution,
  reason: exceptions.reason,
  carrierId: exceptions.carrierId,
  note: exceptions.note,
  resolvedByUserId: exceptions.resolvedByUserId,
  resolvedAt: exceptions.resolvedAt,
  createdAt: exceptions.createdAt,
  statementId: lines.statementId,
  lineId: lines.id,
  rowNumber: lines.rowNumber,
  linePolicyNumber: lines.policyNumber,
  lineInsuredName: lines.insuredName,
  lineDate: lines.effectiveDate,
  paidCents: lines.commissionCents,
  linePolicyId: lines.policyId,
  expectedCommissionId: expected.id,
  expectedCents: expected.amountCents,
  expectedDate: expected.effectiveDate,
  expectedPolicyId: expected.policyId,
}

export interface ExceptionFilter {
  kind?: ExceptionKind
  /** Every status when left out (one exception read by id). */
  status?: 'open' | 'resolved'
  carrierId?: string
  ids?: string[]
}

/**
 * The queue, oldest first: each exception with its line's facts and its expected row's. A
 * statement's exceptions are written together, so within one they follow the file's row order.
 */
export function findExceptions(executor: Executor, agencyId: string, filter: ExceptionFilter, limit: number) {
  return executor
    .select(COLUMNS)
    .from(exceptions)
    .leftJoin(lines, and(eq(lines.agencyId, agencyId), eq(lines.id, exceptions.lineId)))
    .leftJoin(expected, and(eq(expected.agencyId, agencyId), sql`${expected.id} = ${expectedIdOf}`))
    .where(
      and(
        eq(exceptions.agencyId, agencyId),
        filter.status ? eq(exceptions.status, filter.status) : undefined,
        filter.kind ? eq(exceptions.kind, filter.kind) : undefined,
        filter.carrierId ? eq(exceptions.carrierId, filter.carrierId) : undefined,
        filter.ids ? inArray(exceptions.id, filter.ids) : undefined,
      ),
    )
    .orderBy(asc(exceptions.createdAt), asc(lines.rowNumber), asc(exceptions.id))
    .limit(limit)
}
export type ExceptionRow = Awaited<ReturnType<typeof findExceptions>>[number]

/** How many exceptions of each kind are open. */
export async function countOpenExceptions(executor: Executor, agencyId: string) {
  const rows = await executor
    .select({ kind: exceptions.kind, count: count() })
    .from(exceptions)
    .where(and(eq(exceptions.agencyId, agencyId), eq(exceptions.status, 'open')))
    .groupBy(exceptions.kind)
  return new Map(rows.map((row) => [row.kind, row.count]))
}

/** One exception with its line, locked until the caller's transaction ends (two people resolving it at once). */
export async function findExceptionForUpdate(executor: Executor, agencyId: string, id: string) {
  const [row] = await executor
    .select({
      id: exceptions.id,
      kind: exceptions.kind,
      status: exceptions.status,
      carrierId: exceptions.carrierId,
      lineId: exceptions.lineId,
      expectedCommissionId: exceptions.expectedCommissionId,
      linePolicyId: lines.policyId,
      lineExpectedCommissionId: lines.expectedCommissionId,
      lineDate: lines.effectiveDate,
    })
    .from(exceptions)
    .leftJoin(lines, and(eq(lines.agencyId, agencyId), eq(lines.id, exceptions.lineId)))
    .where(and(eq(exceptions.agencyId, agencyId), eq(exceptions.id, id)))
    .for('update', { of: exceptions })
  return row
}
export type LockedException = NonNullable<Awaited<ReturnType<typeof findExceptionForUpdate>>>

/** One exception's carrier and the date its candidates are ordered by (the line's, else the expected row's). */
export async function findExceptionScope(executor: Executor, agencyId: string, id: string) {
  const [row] = await executor
    .select({
      carrierId: exceptions.carrierId,
      date: sql<string | null>`coalesce(${lines.effectiveDate}, ${expected.effectiveDate})::text`,
    })
    .from(exceptions)
    .leftJoin(lines, and(eq(lines.agencyId, agencyId), eq(lines.id, exceptions.lineId)))
    .leftJoin(expected, and(eq(expected.agencyId, agencyId), sql`${expected.id} = ${expectedIdOf}`))
    .where(and(eq(exceptions.agencyId, agencyId), eq(exceptions.id, id)))
  return row
}

/**
 * These policies' expected commissions not paid yet, nearest `near` first (then the earliest).
 * `only` narrows it to one row (a match by hand checks the row it was given).
 */
export function findUnpaidExpected(
  executor: Executor,
  agencyId: string,
  policyIds: readonly string[],
  near: string | null,
  only?: string,
) {
  if (policyIds.length === 0) return Promise.resolve([])
  const order = [asc(expected.effectiveDate), asc(expected.id)]
  if (near) order.unshift(sql`abs(${expected.effectiveDate} - ${near}::date)`)
  return executor
    .select({
      id: expected.id,
      policyId: expected.policyId,
      transactionKind: expected.transactionKind,
      effectiveDate: expected.effectiveDate,
      amountCents: expected.amountCents,
    })
    .from(expected)
    .where(
      and(
        eq(expected.agencyId, agencyId),
        inArray(expected.policyId, [...policyIds]),
        only ? eq(expected.id, only) : undefined,
        sql`not ${isPaid(agencyId, expected.id)}`,
      ),
    )
    .orderBy(...order)
}

export function resolveException(
  executor: Executor,
  agencyId: string,
  id: string,
  values: { resolution: ExceptionResolution; note: string | null; resolvedByUserId: string },
) {
  return executor
    .update(exceptions)
    .set({ status: 'resolved', resolvedAt: new Date(), ...values })
    .where(and(eq(exceptions.agencyId, agencyId), eq(exceptions.id, id)))
}

/** A line whose exception a person closed: resolved, and on a match its policy, expected row and reason. */
export function resolveLine(
  executor: Executor,
  agencyId: string,
  lineId: string,
  match?: { policyId: string; expectedCommissionId: string | null; matchReason: string },
) {
  return executor
    .update(lines)
    .set({ status: 'resolved', updatedAt: new Date(), ...match })
    .where(and(eq(lines.agencyId, agencyId), eq(lines.id, lineId)))
}

/** The open never-paid exception of an expected row that a line now pays, closed as paid; its id, if any. */
export async function closeNeverPaidOf(executor: Executor, agencyId: string, expectedCommissionId: string) {
  const [row] = await executor
    .update(exceptions)
    .set({ status: 'resolved', resolution: 'paid', resolvedAt: new Date() })
    .where(
      and(
        eq(exceptions.agencyId, agencyId),
        eq(exceptions.kind, 'never_paid'),
        eq(exceptions.status, 'open'),
        eq(exceptions.expectedCommissionId, expectedCommissionId),
      ),
    )
    .returning({ id: exceptions.id })
  return row?.id
}
