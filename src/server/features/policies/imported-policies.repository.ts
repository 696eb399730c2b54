import { sql } from 'drizzle-orm'
import { textArrayLiteral, toArrayLiteral } from '#server/db/array-literal.ts'
import type { Executor } from '#server/db/connect.ts'
import { policies, policyTerms, policyTransactions } from './policies.table.ts'

type Rows<T> = { rows: T[] }
const texts = (values: readonly (string | null)[]) => sql`${textArrayLiteral(values)}::text[]`

/** Which of these (carrier, number key) pairs the agency's book has: `carrierId key` strings. */
export async function findBookedKeys(
  executor: Executor,
  agencyId: string,
  pairs: { carrierIds: string[]; keys: string[] },
): Promise<Set<string>> {
  // One probe of the unique index a pair (lateral, limit 1), never a scan of the whole book.
  const result = await executor.execute(sql`
    select wanted.carrier_id as "carrierId", wanted.key
    from unnest(${sql`${textArrayLiteral(pairs.carrierIds)}::uuid[]`}, ${texts(pairs.keys)})
      as wanted(carrier_id, key)
    cross join lateral (
      select 1 from ${policies} p
      where p.agency_id = ${agencyId} and p.carrier_id = wanted.carrier_id
        and p.policy_number_key = wanted.key
      limit 1
    ) found`)
  const rows = (result as unknown as Rows<{ carrierId: string; key: string }>).rows
  return new Set(rows.map((row) => `${row.carrierId} ${row.key}`))
}

/** Imported policies as columns, one array each, in the order of the rows. */
export interface ImportedPolicyColumns {
  clientIds: string[]
  carrierIds: string[]
  lines: string[]
  policyNumbers: string[]
  keys: string[]
  insuredNames: string[]
  producerUserIds: string[]
  statuses: string[]
  effectiveDates: string[]
  expirationDates: string[]
  premiumCents: number[]
}

/**
 * One statement for many policies: each policy, its first term and the term's new-business
 * transaction, a number the carrier already has in the book skipped by the unique index (the
 * same number twice in one statement too). Answers the `carrierId key` and the id of each policy
 * written.
 */
export async function insertImportedPolicies(
  executor: Executor,
  owner: { agencyId: string; userId: string; description: string },
  columns: ImportedPolicyColumns,
): Promise<{ keys: Set<string>; ids: string[] }> {
  const { agencyId, userId, description } = owner
  const result = await executor.execute(sql`
    with written as (
      insert into ${policies} (agency_id, client_id, carrier_id, line_of_business, policy_number,
        policy_number_key, insured_name, producer_user_id, status, source, effective_date,
        expiration_date, written_premium_cents)
      select ${agencyId}::uuid, client_id, carrier_id, line, policy_number, key, insured_name,
        producer_user_id, status, 'imported', effective_date, expiration_date, premium_cents
      from unnest(
        ${sql`${textArrayLiteral(columns.clientIds)}::uuid[]`},
        ${sql`${textArrayLiteral(columns.carrierIds)}::uuid[]`},
        ${texts(columns.lines)}, ${texts(columns.policyNumbers)}, ${texts(columns.keys)},
        ${texts(columns.insuredNames)}, ${sql`${textArrayLiteral(columns.producerUserIds)}::uuid[]`},
        ${texts(columns.statuses)}, ${sql`${textArrayLiteral(columns.effectiveDates)}::date[]`},
        ${sql`${textArrayLiteral(columns.expirationDates)}::date[]`},
        ${sql`${toArrayLiteral(columns.premiumCents)}::bigint[]`}
      ) as row(client_id, carrier_id, line, policy_number, key, insured_name, producer_user_id,
        status, effective_date, expiration_date, premium_cents)
      on conflict do nothing
      returning id, carrier_id, policy_number_key, effective_date, expiration_date, written_premium_cents
    ), terms as (
      insert into ${policyTerms} (agency_id, policy_id, term_number, effective_date, expiration_date,
        written_premium_cents)
      select ${agencyId}::uuid, id, 1, effective_date, expiration_date, written_premium_cents from written
      returning id, policy_id, effective_date, written_premium_cents
    ), ledger as (
      insert into ${policyTransactions} (agency_id, policy_id, term_id, kind, effective_date,
        premium_change_cents, description, created_by_user_id)
      select ${agencyId}::uuid, policy_id, id, 'new_business', effective_date, written_premium_cents,
        ${description}, ${userId}::uuid
      from terms
    )
    select id, carrier_id as "carrierId", policy_number_key as key from written`)
  const rows = (result as unknown as Rows<{ id: string; carrierId: string; key: string }>).rows
  return { keys: new Set(rows.map((row) => `${row.carrierId} ${row.key}`)), ids: rows.map((row) => row.id) }
}
