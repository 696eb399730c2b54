// Test helpers for the book import: files in memory, uploads, and what the agency's book holds.
import { asc, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { carriers } from '#server/features/carriers/carriers.table.ts'
import { multipartBody } from '#server/features/client-import/client-import.test-support.ts'
import { clients } from '#server/features/clients/clients.table.ts'
import { policies } from '#server/features/policies/policies.table.ts'
import { POLICY_IMPORT_COLUMNS } from '#shared/contracts/policy-import.contract.ts'
import type { TestApp } from '#test/build-test-app.ts'
import type { SignedInUser } from '#test/factories.ts'

export { csvOf, xlsxOf } from '#server/features/client-import/client-import.test-support.ts'

export const POLICY_HEADER = [...POLICY_IMPORT_COLUMNS]

export interface BookRow {
  number: string
  carrier?: string
  line?: string
  first?: string
  last?: string
  email?: string
  zip?: string
  effective?: string | number
  expiration?: string | number
  premium?: string | number
  producer?: string
}

/** A row in the template's column order, with plausible defaults. */
export function bookRow(row: BookRow): (string | number)[] {
  return [
    row.number,
    row.carrier ?? 'Amberfield Mutual',
    row.line ?? 'auto',
    row.first ?? 'Jordan',
    row.last ?? 'Sample',
    row.email ?? '',
    row.zip ?? '62701',
    row.effective ?? '2026-01-01',
    row.expiration ?? '2027-01-01',
    row.premium ?? '1200.00',
    row.producer ?? '',
  ]
}

export function uploadBook(
  test: TestApp,
  cookie: string,
  filename: string,
  content: Buffer | string,
): Promise<LightMyRequestResponse> {
  return test.request({
    method: 'POST',
    url: '/api/policies/import',
    cookie,
    ...multipartBody(filename, content),
  })
}

export function policiesOf(test: TestApp, user: SignedInUser) {
  return test.db
    .select()
    .from(policies)
    .where(eq(policies.agencyId, user.user.agencyId))
    .orderBy(asc(policies.policyNumber))
}

export function clientsOf(test: TestApp, user: SignedInUser) {
  return test.db
    .select()
    .from(clients)
    .where(eq(clients.agencyId, user.user.agencyId))
    .orderBy(asc(clients.createdAt))
}

export function ownCarriersOf(test: TestApp, user: SignedInUser) {
  return test.db.select().from(carriers).where(eq(carriers.agencyId, user.user.agencyId))
}
