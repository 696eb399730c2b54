import type { Db, Executor } from '#server/db/connect.ts'
import { AppError, invalidField } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import {
  type ExceptionAction,
  type ExceptionKind,
  type ExceptionResolution,
  type ResolveExceptionInput,
  STATEMENT_TEXTS as T,
} from '#shared/contracts/commissions-statements.contract.ts'
import { findUserNames } from '../auth/find-user-names.ts'
import { findPolicyItems, notFound } from '../policies/policies.service.ts'
import * as repository from './commission-exceptions.repository.ts'
import { exceptionNotFound, getException } from './commission-exceptions.service.ts'

/** The refusals the contract's texts do not cover. */
export const RESOLVE_TEXTS = {
  /** Accepting takes the amount paid as right for the policy a line matched: nothing else has one. */
  acceptNeedsPolicy:
    'Only a difference on a policy the line matched can be accepted: match the line by hand, write it off or dispute it',
  acceptNothingPaid: 'Nothing was paid to accept: write the expected commission off, or dispute it',
  expectedNotOpen: 'Choose one of the policy’s expected commissions that is not paid yet',
} as const

const RESOLUTION_OF: Record<ExceptionAction, ExceptionResolution> = {
  match: 'matched',
  accept: 'accepted',
  write_off: 'written_off',
  dispute: 'disputed',
}

/** The kinds whose line has a policy and an amount to take as right (decision 031). */
const ACCEPTABLE = new Set<ExceptionKind>([
  'amount_mismatch',
  'rate_mismatch',
  'chargeback_without_cancellation',
])

const refuse = (message: string) => new AppError('INVALID_INPUT', { message })

/**
 * Closes an exception by one of the actions, in one transaction with its line and its audit event.
 * Every action resolves the line as well (a person has dealt with it); a match also links it to a
 * policy of the statement's carrier and, when given, one of that policy's unpaid expected
 * commissions. The expected row a resolved line now holds is paid, so its open never-paid
 * exception closes as paid at once. A resolved exception answers 409 and is never reopened.
 */
export async function resolveCommissionException(db: Db, ctx: Ctx, id: string, input: ResolveExceptionInput) {
  const { agencyId, userId } = ctx.actor
  await db.transaction(async (tx) => {
    const exception = await repository.findExceptionForUpdate(tx, agencyId, id)
    if (!exception) throw exceptionNotFound()
    if (exception.status === 'resolved') throw new AppError('CONFLICT', { message: T.alreadyResolved })
    const match = input.action === 'match' ? await matchOf(tx, ctx, exception, input) : undefined
    if (input.action === 'accept') checkAcceptable(exception)
    const note = input.note ? input.note : null
    await repository.resolveException(tx, agencyId, id, {
      resolution: RESOLUTION_OF[input.action],
      note,
      resolvedByUserId: userId,
    })
    // The expected row the exception is about once resolved: the one a line now holds, or its own.
    const expectedCommissionId = match
      ? match.expectedCommissionId
      : (exception.lineExpectedCommissionId ?? exception.expectedCommissionId)
    let closedNeverPaidId: string | undefined
    if (exception.lineId) {
      await repository.resolveLine(tx, agencyId, exception.lineId, match)
      if (expectedCommissionId)
        closedNeverPaidId = await repository.closeNeverPaidOf(tx, agencyId, expectedCommissionId)
    }
    await recordAudit(tx, ctx, {
      action: 'commission.exception_resolved',
      entity: { type: 'commission_exception', id },
      details: {
        kind: exception.kind,
        action: input.action,
        lineId: exception.lineId,
        expectedCommissionId,
        ...(match && { policyId: match.policyId }),
        ...(closedNeverPaidId && { closedNeverPaidId }),
        note,
      },
    })
  })
  return getException(db, agencyId, id)
}

function checkAcceptable(exception: repository.LockedException) {
  if (exception.kind === 'never_paid') throw refuse(RESOLVE_TEXTS.acceptNothingPaid)
  if (!ACCEPTABLE.has(exception.kind) || exception.linePolicyId === null) {
    throw refuse(RESOLVE_TEXTS.acceptNeedsPolicy)
  }
}

/** What a match by hand writes on the line, once the policy and the expected row are checked. */
async function matchOf(
  tx: Executor,
  ctx: Ctx,
  exception: repository.LockedException,
  input: ResolveExceptionInput,
) {
  const { agencyId, userId } = ctx.actor
  if (!exception.lineId) throw refuse(T.matchOnlyLines)
  const policyId = input.policyId!
  const policy = (await findPolicyItems(tx, agencyId, [policyId])).get(policyId)
  if (!policy) throw notFound()
  if (policy.carrierId !== exception.carrierId) throw invalidField('policyId', T.policyNotOfCarrier)
  const expectedCommissionId = input.expectedCommissionId ?? null
  if (expectedCommissionId) {
    const open = await repository.findUnpaidExpected(tx, agencyId, [policyId], null, expectedCommissionId)
    if (open.length === 0) throw invalidField('expectedCommissionId', RESOLVE_TEXTS.expectedNotOpen)
  }
  const user = (await findUserNames(tx, [userId])).get(userId)
  const by = user ? ` by ${user.firstName} ${user.lastName}` : ''
  return { policyId, expectedCommissionId, matchReason: `Matched by hand to ${policy.policyNumber}${by}` }
}
