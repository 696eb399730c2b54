import type { Db } from '#server/db/connect.ts'
import { findCarriersForType } from '#server/features/carriers/carriers.service.ts'
import { insertImportedClients } from '#server/features/clients/clients.service.ts'
import { cancelPolicy } from '#server/features/policies/cancel-policy.ts'
import { createPolicyInTx } from '#server/features/policies/create-policy.ts'
import { endorsePolicy } from '#server/features/policies/endorse-policy.ts'
import { utcToday } from '#server/platform/calendar.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import { INSURANCE_TYPES, type InsuranceType } from '#shared/domain/insurance-types.ts'
import { addDays, addMonths } from '#shared/domain/policy-ledger.ts'

const POLICIES = 150
const FIRST_NAMES = ['Avery', 'Noah', 'Isabel', 'Kenji', 'Fatima', 'Liam', 'Chloe', 'Mateo', 'Hana', 'Samuel']
const LAST_NAMES = ['Carter', 'Nguyen', 'Patel', 'Ortiz', 'Hughes', 'Schmidt', 'Adeyemi', 'Larsen', 'Romero']
const CITIES = [
  ['Sacramento', 'CA', '95814'],
  ['Austin', 'TX', '78701'],
  ['Tampa', 'FL', '33602'],
  ['Pittsburgh', 'PA', '15222'],
  ['Albany', 'NY', '12207'],
] as const
/** A typical annual premium per line, in dollars, that each policy varies around. */
const BASE_PREMIUM: Record<InsuranceType, number> = {
  auto: 1450,
  property: 1900,
  life: 720,
  commercial: 6200,
  healthcare: 5400,
}
const ENDORSEMENTS = [
  'Added a driver',
  'Raised the dwelling limit',
  'New vehicle',
  'Added a location',
  'Rider added',
]

/** A deterministic spread in [0, 1) for the i-th policy, so every fresh demo looks the same. */
const spread = (i: number, salt: number) => ((i * 7919 + salt * 104_729) % 1000) / 1000

/** The demo book's insureds: the demo clients plus fictional households that hold only policies. */
async function insureds(db: Db, cipher: FieldCipher, ctx: Ctx): Promise<string[]> {
  const extra = FIRST_NAMES.flatMap((firstName, i) =>
    LAST_NAMES.map((lastName, j) => {
      const [city, state, zipCode] = CITIES[(i + j) % CITIES.length]!
      return {
        firstName,
        lastName,
        email: `${firstName}.${lastName}@book-demo.example`.toLowerCase(),
        phone: `(555) 02${i}${j}-${String(1000 + i * 97 + j * 13).slice(0, 4)}`,
        dateOfBirth: `19${60 + ((i * 3 + j) % 40)}-0${1 + (j % 9)}-1${i % 10}`,
        address: `${200 + i * 10 + j} ${['Elm', 'Birch', 'Willow', 'Bay'][j % 4]} Avenue`,
        city,
        state,
        zipCode,
        accidentsLast5Years: 0,
        violationsLast5Years: 0,
      }
    }),
  )
  const written = await db.transaction((tx) => insertImportedClients(tx, cipher, ctx, extra))
  return written.map((client) => client.id)
}

/**
 * A living book for the demo agency: about 150 policies over every line and a dozen carriers,
 * written through the real use cases. Terms started over the past year, so some expire within
 * 30, 60 and 90 days; a few are older and expired, some were endorsed, some cancelled.
 */
export async function seedDemoPolicies(db: Db, cipher: FieldCipher, ctx: Ctx, today = utcToday()) {
  const clientIds = await insureds(db, cipher, ctx)
  const carriersByLine = new Map<InsuranceType, { id: string }[]>()
  for (const line of INSURANCE_TYPES) {
    carriersByLine.set(line, (await findCarriersForType(db, ctx.actor.agencyId, line)).slice(0, 12))
  }
  // One transaction for the whole book (one commit instead of 150), then the changes.
  const written = await db.transaction(async (tx) => {
    const made: {
      id: string
      i: number
      effectiveDate: string
      expirationDate: string
      startedDaysAgo: number
      premium: number
    }[] = []
    for (let i = 0; i < POLICIES; i++) {
      const line = INSURANCE_TYPES[i % INSURANCE_TYPES.length]!
      const carriers = carriersByLine.get(line) ?? []
      if (carriers.length === 0) continue
      const carrier = carriers[Math.floor(spread(i, 1) * carriers.length)]!
      // Started 1 to 364 days ago; one in ten a year earlier, so it has expired.
      const startedDaysAgo = 1 + Math.floor(spread(i, 2) * 364) + (i % 10 === 9 ? 365 : 0)
      const effectiveDate = addDays(today, -startedDaysAgo)
      const termMonths = line === 'auto' && i % 3 === 0 ? 6 : 12
      const premium = Math.round(BASE_PREMIUM[line] * (0.6 + spread(i, 3) * 0.9) * (termMonths / 12))
      const expirationDate = addMonths(effectiveDate, termMonths)
      const id = await createPolicyInTx(tx, ctx, {
        clientId: clientIds[i % clientIds.length]!,
        carrierId: carrier.id,
        lineOfBusiness: line,
        policyNumber: `${line.slice(0, 2).toUpperCase()}-${String(100_000 + i * 37).padStart(7, '0')}`,
        producerUserId: ctx.actor.userId,
        effectiveDate,
        expirationDate,
        premiumCents: premium * 100,
        source: i % 4 === 0 ? 'imported' : 'entered',
      })
      made.push({ id, i, effectiveDate, expirationDate, startedDaysAgo, premium })
    }
    return made
  })
  for (const { id, i, effectiveDate, expirationDate, startedDaysAgo, premium } of written) {
    // Only a policy in force can change; one that just started has nothing to change yet.
    if (expirationDate <= addDays(today, 5) || startedDaysAgo < 20) continue
    if (i % 7 === 3) {
      await endorsePolicy(db, ctx, id, {
        effectiveDate: addDays(effectiveDate, Math.floor(startedDaysAgo / 2)),
        premiumChange: Math.round(premium * 0.08),
        description: ENDORSEMENTS[i % ENDORSEMENTS.length]!,
      })
    } else if (i % 13 === 5) {
      await cancelPolicy(db, ctx, id, {
        effectiveDate: addDays(today, -5),
        reason: i % 2 ? 'insured_request' : 'non_payment',
        method: i % 2 ? 'pro_rata' : 'short_rate',
      })
    }
  }
}
