// The book the policies and renewals benches measure: `agencies` agencies (the measured one and
// the rest named 'Bench agency …'), their clients, and `total` policies of a year each, a tenth of
// them the measured agency's, whose terms started over the past `spreadDays` days.
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/connect.ts'

export async function seedBenchBook(
  db: Db,
  book: { measured: string; producerUserId: string; total: number; agencies: number; spreadDays: number },
): Promise<void> {
  const { measured, total, agencies } = book
  const measuredPolicies = Math.floor(total / 10)
  await db.execute(
    sql`insert into agencies (name) select 'Bench agency ' || i from generate_series(1, ${agencies - 1}) i`,
  )
  await db.execute(sql`
    insert into clients (agency_id, first_name, last_name, email, phone)
    select a.id, 'Client', 'N' || c, 'c' || c || '-' || left(a.id::text, 8) || '@bench.example', '5550000000'
    from agencies a, generate_series(1, case when a.id = ${measured}::uuid then 2000 else 50 end) c
    where a.id = ${measured}::uuid or a.name like 'Bench agency %'`)
  await db.execute(sql`
    with carrier_ids as (select array_agg(id) ids from carriers where agency_id is null),
    per_agency as (
      select a.id agency_id, case when a.id = ${measured}::uuid then ${measuredPolicies}::int
        else ${Math.floor((total - measuredPolicies) / (agencies - 1))}::int end as n,
        (select array_agg(id) from clients where agency_id = a.id) client_ids
      from agencies a where a.id = ${measured}::uuid or a.name like 'Bench agency %'),
    rows as (
      select p.agency_id, p.client_ids[1 + i % array_length(p.client_ids, 1)] client_id,
        (select ids[1 + i % array_length(ids, 1)] from carrier_ids) carrier_id, i,
        current_date - (i % ${book.spreadDays}::int) effective
      from per_agency p, generate_series(1, p.n) i)
    insert into policies (agency_id, client_id, carrier_id, line_of_business, policy_number, policy_number_key,
      insured_name, producer_user_id, status, source, effective_date, expiration_date, written_premium_cents)
    select agency_id, client_id, carrier_id, (array['auto','property','life','commercial','healthcare'])[1 + i % 5],
      'BP-' || i, 'BP-' || i, 'Client N' || (i % 2000), ${book.producerUserId}::uuid,
      case when effective + 365 <= current_date then 'expired' else 'active' end, 'imported',
      effective, effective + 365, 50000 + (i % 400000)
    from rows`)
}
