import { sql } from 'drizzle-orm'
import { textArrayLiteral } from '#server/db/array-literal.ts'
import type { Executor } from '#server/db/connect.ts'
import { clients } from './clients.table.ts'

type Rows<T> = { rows: T[] }
const texts = (values: readonly (string | null)[]) => sql`${textArrayLiteral(values)}::text[]`

/** The agency's clients with one of these emails (lower-cased), by email. */
export async function findClientIdsByEmail(executor: Executor, agencyId: string, emails: string[]) {
  const result = await executor.execute(sql`
    select id, lower(email) as email from ${clients}
    where agency_id = ${agencyId} and email is not null and lower(email) = any(${texts(emails)})`)
  return (result as unknown as Rows<{ id: string; email: string }>).rows
}

/**
 * For each (first, last, zip), lower-cased names, the agency's oldest client of that name and ZIP
 * code (a missing ZIP matches a client without one): `at` is the 1-based place in the arrays.
 */
export async function findClientIdsByNameAndZip(
  executor: Executor,
  agencyId: string,
  names: { firsts: string[]; lasts: string[]; zips: (string | null)[] },
) {
  // One index probe a name (lateral, limit 1): a join let the planner scan every client of the
  // agency for each chunk, which grew with the book being imported.
  const result = await executor.execute(sql`
    select wanted.at::int as at, found.id
    from unnest(${texts(names.firsts)}, ${texts(names.lasts)}, ${texts(names.zips)})
      with ordinality as wanted(first_name, last_name, zip_code, at)
    cross join lateral (
      select c.id from ${clients} c
      where c.agency_id = ${agencyId}
        and lower(c.last_name) = wanted.last_name and lower(c.first_name) = wanted.first_name
        and c.zip_code is not distinct from wanted.zip_code
      order by c.created_at, c.id
      limit 1
    ) found`)
  return (result as unknown as Rows<{ at: number; id: string }>).rows
}

export interface NewInsureds {
  firstNames: string[]
  lastNames: string[]
  emails: (string | null)[]
  zipCodes: (string | null)[]
}

/** Writes new clients from columns, skipping emails the agency has (a concurrent write); answers those written. */
export async function insertInsureds(
  executor: Executor,
  owner: { agencyId: string; createdByUserId: string },
  insureds: NewInsureds,
) {
  const result = await executor.execute(sql`
    insert into ${clients} (agency_id, created_by_user_id, first_name, last_name, email, zip_code)
    select ${owner.agencyId}::uuid, ${owner.createdByUserId}::uuid, * from unnest(
      ${texts(insureds.firstNames)}, ${texts(insureds.lastNames)},
      ${texts(insureds.emails)}, ${texts(insureds.zipCodes)})
    on conflict do nothing
    returning id, first_name as "firstName", last_name as "lastName", email, zip_code as "zipCode"`)
  return (
    result as unknown as Rows<{
      id: string
      firstName: string
      lastName: string
      email: string | null
      zipCode: string | null
    }>
  ).rows
}
