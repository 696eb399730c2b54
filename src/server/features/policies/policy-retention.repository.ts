import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { policies, policyTerms } from './policies.table.ts'

/**
 * The agency's policies' producers as a subquery, for the renewals' retention figures to join by
 * policy id in their own query.
 */
export function selectPolicyProducers(agencyId: string) {
  return new QueryBuilder()
    .select({ id: policies.id, producerUserId: policies.producerUserId })
    .from(policies)
    .where(eq(policies.agencyId, agencyId))
    .as('policy_producer')
}

/**
 * The written premium (cents) of the term that followed an expiring term: the policy's next term
 * when it renewed with the same carrier, or the first term of the new carrier's policy. Null when
 * that policy has no such term. An expression evaluated per row of another feature's query, on
 * the terms' (policy, term number) key.
 */
export function selectFollowingTermPremium(
  agencyId: string,
  renewal: { expiringTermId: SQLWrapper; renewedPolicyId: SQLWrapper },
): SQL<number | null> {
  return sql<number | null>`(select next.written_premium_cents
    from ${policyTerms} next join ${policyTerms} expiring on expiring.id = ${renewal.expiringTermId}
    where next.agency_id = ${agencyId} and next.policy_id = ${renewal.renewedPolicyId}
      and (next.policy_id <> expiring.policy_id or next.term_number > expiring.term_number)
    order by next.term_number limit 1)`
}
