// Test scenes for the exceptions queue: statements, their lines and exceptions written straight
// into commissions' own tables (as the statement import writes them), against real policies and
// expected commissions made through the API and the commissions job.
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { LineExceptionKind, LineStatus } from '#shared/contracts/commissions-statements.contract.ts'
import type { TestApp } from '#test/build-test-app.ts'
import type { SignedInUser } from '#test/factories.ts'
import { addClient, enterPolicy, policyInput } from '../policies/policies.test-support.ts'
import {
  commissionExceptions,
  commissionStatementLines,
  commissionStatements,
} from './commission-statements.table.ts'
import { runCommissionJobs, setRate } from './commissions.test-support.ts'
import { expectedCommissions } from './expected-commissions.table.ts'

/** The agency's default rate: 10% new business, 8% renewal, from long before any test's policy. */
export function setDefaultRate(test: TestApp, admin: SignedInUser) {
  return setRate(test, admin, {
    carrierId: null,
    lineOfBusiness: null,
    newBusinessRate: 10,
    renewalRate: 8,
    effectiveFrom: '2020-01-01',
  })
}

export interface PolicyWithExpected {
  id: string
  policyNumber: string
  insuredName: string
  /** Its new business's expected commission. */
  expectedId: string
  expectedCents: number
}

/** A policy entered with the carrier (premium $1,200 from 2026-01-01 unless said) and its expected commission recorded. */
export async function policyWithExpected(
  test: TestApp,
  admin: SignedInUser,
  carrierId: string,
  overrides: Record<string, unknown> & { firstName?: string; lastName?: string } = {},
): Promise<PolicyWithExpected> {
  const { firstName, lastName, ...input } = overrides
  const client = await addClient(test, admin, firstName, lastName)
  const policy = await enterPolicy(test, admin, policyInput(client, carrierId, input))
  await runCommissionJobs(test, admin.user.agencyId)
  const [expected] = await expectedOf(test, admin.user.agencyId, policy.id)
  if (!expected) throw new Error('no expected commission: is a rate set?')
  return {
    id: policy.id,
    policyNumber: policy.policyNumber,
    insuredName: policy.insuredName,
    expectedId: expected.id,
    expectedCents: expected.amountCents,
  }
}

/** The policy's expected commissions, oldest first. */
export function expectedOf(test: TestApp, agencyId: string, policyId: string) {
  return test.db
    .select()
    .from(expectedCommissions)
    .where(and(eq(expectedCommissions.agencyId, agencyId), eq(expectedCommissions.policyId, policyId)))
    .orderBy(expectedCommissions.effectiveDate)
}

export interface LineScene {
  policyNumber?: string | null
  insuredName?: string | null
  effectiveDate?: string | null
  commissionCents: number
  rateBp?: number | null
  status?: LineStatus
  policyId?: string | null
  expectedCommissionId?: string | null
  exceptionKind?: LineExceptionKind | null
  /** The line's match reason, and its exception's reason. */
  reason?: string
}

/**
 * A statement of the carrier with these lines, rows 2 onwards; each line with an exception kind is
 * an exception (and gets its open exception row, in the lines' order), the others matched. Answers
 * the statement's, lines' and exceptions' ids (the exceptions' by row number).
 */
export async function writeStatement(
  test: TestApp,
  owner: SignedInUser,
  carrierId: string,
  scenes: LineScene[],
) {
  const agencyId = owner.user.agencyId
  const total = scenes.reduce((sum, line) => sum + line.commissionCents, 0)
  const [statement] = await test.db
    .insert(commissionStatements)
    .values({
      agencyId,
      carrierId,
      fileName: 'statement.csv',
      fileSha256: randomUUID(),
      mapping: { policyNumber: 'Policy', insured: 'Insured', commission: 'Commission' },
      lineCount: scenes.length,
      totalCents: total,
      importedByUserId: owner.user.id,
    })
    .returning()
  const lineIds: string[] = []
  const problems: (typeof commissionExceptions.$inferInsert)[] = []
  for (const [index, scene] of scenes.entries()) {
    const rowNumber = index + 2
    const reason =
      scene.reason ?? (scene.exceptionKind ? `Row ${rowNumber}: ${scene.exceptionKind}` : 'Policy number')
    const [line] = await test.db
      .insert(commissionStatementLines)
      .values({
        agencyId,
        statementId: statement!.id,
        carrierId,
        rowNumber,
        raw: { Policy: scene.policyNumber ?? '', Commission: String(scene.commissionCents / 100) },
        policyNumber: scene.policyNumber ?? null,
        insuredName: scene.insuredName ?? null,
        effectiveDate: scene.effectiveDate ?? '2026-01-01',
        rateBp: scene.rateBp ?? null,
        commissionCents: scene.commissionCents,
        status: scene.status ?? (scene.exceptionKind ? 'exception' : 'matched'),
        policyId: scene.policyId ?? null,
        expectedCommissionId: scene.expectedCommissionId ?? null,
        matchReason: reason,
        exceptionKind: scene.exceptionKind ?? null,
        receivedOn: '2026-03-01',
      })
      .returning({ id: commissionStatementLines.id })
    lineIds.push(line!.id)
    if (scene.exceptionKind) {
      problems.push({ agencyId, kind: scene.exceptionKind, carrierId, lineId: line!.id, reason })
    }
  }
  // One statement, as the import writes a statement's exceptions: they share a creation time. Last
  // row first, so that only the queue's own order puts them back in the file's.
  const written = problems.length
    ? await test.db
        .insert(commissionExceptions)
        .values(problems.reverse())
        .returning({ id: commissionExceptions.id, lineId: commissionExceptions.lineId })
    : []
  const exceptionIds = new Map(written.map((row) => [lineIds.indexOf(row.lineId!) + 2, row.id]))
  return { statementId: statement!.id, lineIds, exceptionIds }
}

/** The agency's exceptions of a kind, oldest first (as the never-paid job or a resolution left them). */
export function exceptionsOf(test: TestApp, agencyId: string) {
  return test.db
    .select()
    .from(commissionExceptions)
    .where(eq(commissionExceptions.agencyId, agencyId))
    .orderBy(commissionExceptions.createdAt, commissionExceptions.id)
}

/** One line as it stands. */
export async function lineOf(test: TestApp, lineId: string) {
  const [line] = await test.db
    .select()
    .from(commissionStatementLines)
    .where(eq(commissionStatementLines.id, lineId))
  return line!
}
