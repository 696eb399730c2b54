import type { Executor } from '#server/db/connect.ts'
import { insertImportedClients } from '#server/features/clients/clients.service.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'

/** Fictional clients of the demo agency: varied places, household details and coverage needs. */
const DEMO_CLIENTS = [
  ['Maria', 'Gonzalez', 'Sacramento', 'CA', '95814', 'auto', 'Married', '1984-03-12'],
  ['James', 'Whitaker', 'Austin', 'TX', '78701', 'property', 'Single', '1979-07-02'],
  ['Aisha', 'Bello', 'Tampa', 'FL', '33602', 'life', 'Married', '1990-11-23'],
  ['Daniel', 'Kowalski', 'Pittsburgh', 'PA', '15222', 'commercial', 'Divorced', '1972-01-30'],
  ['Mei', 'Tanaka', 'Albany', 'NY', '12207', 'healthcare', 'Single', '1995-05-17'],
  ['Robert', 'Okafor', 'Houston', 'TX', '77002', 'auto', 'Married', '1968-09-09'],
  ['Sofia', 'Rossi', 'San Diego', 'CA', '92101', 'property', 'Widowed', '1958-12-04'],
  ['Ethan', 'Brooks', 'Orlando', 'FL', '32801', 'auto', 'Single', '2001-02-14'],
  ['Priya', 'Nair', 'Philadelphia', 'PA', '19103', 'life', 'Married', '1987-06-28'],
  ['Lucas', 'Moreau', 'Buffalo', 'NY', '14202', 'commercial', 'Married', '1976-10-19'],
  ['Grace', 'Lindqvist', 'Fresno', 'CA', '93721', 'healthcare', 'Separated', '1982-08-08'],
  ['Omar', 'Haddad', 'Dallas', 'TX', '75201', 'auto', 'Single', '1993-04-01'],
] as const

export async function seedDemoClients(tx: Executor, cipher: FieldCipher, ctx: Ctx): Promise<void> {
  const rows = DEMO_CLIENTS.map(
    ([firstName, lastName, city, state, zipCode, insuranceType, maritalStatus, dateOfBirth], i) => ({
      firstName,
      lastName,
      email: `${firstName}.${lastName}@example.com`.toLowerCase(),
      phone: `(555) 01${String(i).padStart(2, '0')}-${String(2000 + i * 37).slice(0, 4)}`,
      dateOfBirth,
      address: `${100 + i * 12} ${['Oak', 'Maple', 'Cedar', 'Harbor', 'Lake', 'Pine'][i % 6]} Street`,
      city,
      state,
      zipCode,
      insuranceType,
      maritalStatus,
      accidentsLast5Years: i % 4 === 0 ? 1 : 0,
      violationsLast5Years: 0,
      budgetRange: (['100_200', '200_500', 'under_100', 'over_500'] as const)[i % 4],
      preferredCoverage: (['standard', 'comprehensive', 'basic', 'premium'] as const)[i % 4],
    }),
  )
  await insertImportedClients(tx, cipher, ctx, rows)
}
