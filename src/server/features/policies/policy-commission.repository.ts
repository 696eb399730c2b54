import { and, asc, eq, gt, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { Executor } from '#server/db/connect.ts'
import { policies, policyTerms, policyTransactions } from './policies.table.ts'

/**
 * The agency's ledger as a subquery, one row a transaction with its term's and policy's facts,
 * for the commissions' own statements to join (decision 025): what each transaction earns is
 * read from these columns.
 */
export function selectLedgerFacts(agencyId: string) {
  return new QueryBuilder()
    .select({
      transactionId: sql<string>`${policyTransactions.id}`.as('transaction_id'),
      policyId: sql<string>`${policyTransactions.policyId}`.as('policy_id'),
      termId: sql<string>`${policyTransactions.termId}`.as('term_id'),
      kind: sql<string>`${policyTransactions.kind}`.as('kind'),
      effectiveDate: sql<string>`${policyTransactions.effectiveDate}`.as('effective_date'),
      premiumChangeCents: sql<number>`${policyTransactions.premiumChangeCents}`.as('premium_change_cents'),
      createdAt: sql<Date>`${policyTransactions.createdAt}`.as('created_at'),
      termNumber: sql<number>`${policyTerms.termNumber}`.as('term_number'),
      termEffectiveDate: sql<string>`${policyTerms.effectiveDate}`.as('term_effective_date'),
      carrierId: sql<string>`${policies.carrierId}`.as('carrier_id'),
      lineOfBusiness: sql<string>`${policies.lineOfBusiness}`.as('line_of_business'),
      producerUserId: sql<string | null>`${policies.producerUserId}`.as('producer_user_id'),
    })
    .from(policyTransactions)
    .innerJoin(policyTerms, eq(policyTerms.id, policyTransactions.termId))
    .innerJoin(policies, eq(policies.id, policyTransactions.policyId))
    .where(eq(policyTransactions.agencyId, agencyId))
    .as('ledger')
}

/** A page of the agency's policy ids in id order after `after`: how a catch-up walks a whole book. */
export async function findPolicyIdPage(
  executor: Executor,
  agencyId: string,
  page: { after?: string; limit: number },
): Promise<string[]> {
  const rows = await executor
    .select({ id: policies.id })
    .from(policies)
    .where(and(eq(policies.agencyId, agencyId), page.after ? gt(policies.id, page.after) : undefined))
    .orderBy(asc(policies.id))
    .limit(page.limit)
  return rows.map((row) => row.id)
}
