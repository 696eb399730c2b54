import type { Db, Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import {
  type CommissionException,
  EXCEPTION_KINDS,
  type ExceptionKind,
} from '#shared/contracts/commissions-statements.contract.ts'
import { toDollars } from '#shared/domain/policy-ledger.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { findUserNames } from '../auth/find-user-names.ts'
import { findCarrierNames } from '../carriers/carriers.service.ts'
import { findPolicyItems } from '../policies/policies.service.ts'
import * as repository from './commission-exceptions.repository.ts'

/** The queue answers at most this many, oldest first: a person works it from the top. */
export const EXCEPTIONS_LIMIT = 500

export const exceptionNotFound = () => new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })

const dollarsOrNull = (cents: number | null) => (cents === null ? null : toDollars(cents))

/**
 * Rows as the wire carries them: the policy, the carrier and who resolved it named through their
 * features, one query each. The policy is the line's (matched or matched by hand) or the expected
 * row's; its number is the policy's own when there is one, else the number the carrier wrote.
 */
async function toExceptions(
  executor: Executor,
  agencyId: string,
  rows: repository.ExceptionRow[],
): Promise<CommissionException[]> {
  const policyIdOf = (row: repository.ExceptionRow) => row.linePolicyId ?? row.expectedPolicyId
  const [policies, carriers, users] = await Promise.all([
    findPolicyItems(
      executor,
      agencyId,
      rows.flatMap((row) => policyIdOf(row) ?? []),
    ),
    findCarrierNames(
      executor,
      rows.map((row) => row.carrierId),
    ),
    findUserNames(
      executor,
      rows.flatMap((row) => row.resolvedByUserId ?? []),
    ),
  ])
  return rows.map((row) => {
    const policyId = policyIdOf(row)
    const policy = policyId ? policies.get(policyId) : undefined
    const user = row.resolvedByUserId ? users.get(row.resolvedByUserId) : undefined
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      resolution: row.resolution,
      reason: row.reason,
      carrierId: row.carrierId,
      carrierName: carriers.get(row.carrierId)?.name ?? 'Unknown carrier',
      statementId: row.statementId,
      lineId: row.lineId,
      rowNumber: row.rowNumber,
      policyId: policy ? policy.id : null,
      policyNumber: policy?.policyNumber ?? row.linePolicyNumber,
      insuredName: row.lineInsuredName ?? policy?.insuredName ?? null,
      expectedCommissionId: row.expectedCommissionId,
      expectedAmount: dollarsOrNull(row.expectedCents),
      paidAmount: dollarsOrNull(row.paidCents),
      effectiveDate: row.lineDate ?? row.expectedDate,
      note: row.note,
      resolvedByName: user ? `${user.firstName} ${user.lastName}` : null,
      resolvedAt: row.resolvedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    }
  })
}

/** Everyone in the agency reads the queue; `counts` are the open ones by kind, whatever the filter. */
export async function listExceptions(db: Db, ctx: Ctx, filter: repository.ExceptionFilter) {
  const { agencyId } = ctx.actor
  const [rows, open] = await Promise.all([
    repository.findExceptions(db, agencyId, filter, EXCEPTIONS_LIMIT),
    repository.countOpenExceptions(db, agencyId),
  ])
  const counts = Object.fromEntries(EXCEPTION_KINDS.map((kind) => [kind, open.get(kind) ?? 0])) as Record<
    ExceptionKind,
    number
  >
  return { exceptions: await toExceptions(db, agencyId, rows), counts }
}

/** One exception as the queue shows it, open or resolved; 404 when it is not the agency's. */
export async function getException(executor: Executor, agencyId: string, id: string) {
  const rows = await repository.findExceptions(executor, agencyId, { ids: [id] }, 1)
  if (rows.length === 0) throw exceptionNotFound()
  return (await toExceptions(executor, agencyId, rows))[0]!
}
