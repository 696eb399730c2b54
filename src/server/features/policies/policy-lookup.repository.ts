import { eq } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { policies } from './policies.table.ts'

/**
 * The agency's policy numbers as a subquery, for another feature's set-based statement to join by
 * policy id (commissions' never-paid reasons name the policy), so it never reads this table itself.
 */
export function selectPolicyNumbers(agencyId: string) {
  return new QueryBuilder()
    .select({ id: policies.id, policyNumber: policies.policyNumber })
    .from(policies)
    .where(eq(policies.agencyId, agencyId))
    .as('policy_numbers')
}
