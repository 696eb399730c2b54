import type { selectPolicyProducers } from './policy-retention.repository.ts'

/**
 * What the renewals' retention figures read of policies, as query fragments their own query
 * joins (decision 025): who produced each policy, and the premium of the term a renewal led to.
 */
export { selectFollowingTermPremium, selectPolicyProducers } from './policy-retention.repository.ts'
export type PolicyProducersQuery = ReturnType<typeof selectPolicyProducers>
