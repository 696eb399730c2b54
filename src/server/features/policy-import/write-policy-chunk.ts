import type { Executor } from '#server/db/connect.ts'
import { findAgencyUserIdsByEmail } from '#server/features/auth/find-user-names.ts'
import { createImportedCarrier, matchCarrierNames } from '#server/features/carriers/carriers.service.ts'
import { matchInsureds } from '#server/features/clients/clients.service.ts'
import {
  bookKeyOf,
  findBookedPolicies,
  type ImportedPolicy,
  recordImportedPolicies,
} from '#server/features/policies/policies.service.ts'
import type { Ctx } from '#server/platform/context.ts'
import { fillText } from '#server/platform/spreadsheet-import/import-errors.ts'
import { POLICY_IMPORT_TEXTS, type PolicyImportResult } from '#shared/contracts/policy-import.contract.ts'
import { carrierNameKey } from '#shared/domain/carrier-names.ts'
import type { InsuranceType } from '#shared/domain/insurance-types.ts'
import { type PolicyChunk, type PolicyRow, policyRowAt } from './policy-chunk.service.ts'

/** What one chunk's write did, counted once its batch has committed. */
export interface ChunkOutcome {
  imported: number
  duplicates: PolicyImportResult['duplicates']
  warnings: PolicyImportResult['warnings']
  clientsCreated: number
  carriersCreated: number
}

/**
 * What an import has learnt of the agency as it goes: carriers by name key and producers by
 * email. A batch that fails stops the import, so ids a rolled-back batch created never serve again.
 */
export interface ImportLookups {
  carriers?: Map<string, string>
  producers: Map<string, string | null>
}

async function resolveCarriers(tx: Executor, ctx: Ctx, rows: PolicyRow[], lookups: ImportLookups) {
  lookups.carriers ??= await matchCarrierNames(tx, ctx.actor.agencyId)
  const carriers = lookups.carriers
  const unknown = new Map<string, { name: string; lines: InsuranceType[] }>()
  for (const row of rows) {
    const key = carrierNameKey(row.carrier)
    if (carriers.has(key)) continue
    const wanted = unknown.get(key) ?? { name: row.carrier, lines: [] }
    wanted.lines.push(row.lineOfBusiness)
    unknown.set(key, wanted)
  }
  for (const [key, { name, lines }] of unknown)
    carriers.set(key, await createImportedCarrier(tx, ctx, name, lines))
  return {
    carrierIdOf: (row: PolicyRow) => carriers.get(carrierNameKey(row.carrier))!,
    created: unknown.size,
  }
}

async function resolveProducers(tx: Executor, ctx: Ctx, rows: PolicyRow[], lookups: ImportLookups) {
  const asked = [...new Set(rows.flatMap((row) => (row.producerEmail ? [row.producerEmail] : [])))].filter(
    (email) => !lookups.producers.has(email),
  )
  if (asked.length > 0) {
    const found = await findAgencyUserIdsByEmail(tx, ctx.actor.agencyId, asked)
    for (const email of asked) lookups.producers.set(email, found.get(email) ?? null)
  }
}

/**
 * Writes one chunk of the book inside its batch's transaction: carriers by name (the agency's own
 * created for names none has), rows whose carrier and number the book has set aside as
 * duplicates, each insured's client matched or created, producers by email (the importing user
 * when there is none, or with a row warning when no user has it), then the policies in one
 * statement.
 */
export async function writePolicyChunk(
  tx: Executor,
  ctx: Ctx,
  chunk: PolicyChunk,
  lookups: ImportLookups,
): Promise<ChunkOutcome> {
  const rows = chunk.rows.map((_, i) => policyRowAt(chunk, i))
  const { carrierIdOf, created: carriersCreated } = await resolveCarriers(tx, ctx, rows, lookups)
  const pairs = rows.map((row) => ({ carrierId: carrierIdOf(row), policyNumber: row.policyNumber }))
  const booked = await findBookedPolicies(tx, ctx.actor.agencyId, pairs)
  const outcome: ChunkOutcome = {
    imported: 0,
    duplicates: [],
    warnings: [],
    clientsCreated: 0,
    carriersCreated,
  }
  const fresh: number[] = []
  rows.forEach((row, i) => {
    if (booked.has(bookKeyOf(pairs[i]!.carrierId, row.policyNumber))) {
      outcome.duplicates.push({ row: chunk.rows[i]!, policyNumber: row.policyNumber, carrier: row.carrier })
    } else fresh.push(i)
  })
  if (fresh.length === 0) return outcome
  const { clientIds, created } = await matchInsureds(
    tx,
    ctx,
    fresh.map((i) => ({
      firstName: rows[i]!.firstName,
      lastName: rows[i]!.lastName,
      email: rows[i]!.email,
      zipCode: rows[i]!.zipCode,
    })),
  )
  outcome.clientsCreated = created
  await resolveProducers(tx, ctx, rows, lookups)
  const policies: ImportedPolicy[] = fresh.map((i, at) => {
    const row = rows[i]!
    const producer = row.producerEmail ? lookups.producers.get(row.producerEmail) : ctx.actor.userId
    if (!producer) {
      const message = fillText(POLICY_IMPORT_TEXTS.unknownProducer, { email: row.producerEmail ?? '' })
      outcome.warnings.push({ row: chunk.rows[i]!, field: 'Producer Email', message })
    }
    return {
      clientId: clientIds[at]!,
      insuredName: `${row.firstName} ${row.lastName}`.trim(),
      carrierId: pairs[i]!.carrierId,
      lineOfBusiness: row.lineOfBusiness,
      policyNumber: row.policyNumber,
      producerUserId: producer ?? ctx.actor.userId,
      effectiveDate: row.effectiveDate,
      expirationDate: row.expirationDate,
      premiumCents: row.premiumCents,
    }
  })
  const written = await recordImportedPolicies(tx, ctx, policies)
  fresh.forEach((i, at) => {
    if (written.has(bookKeyOf(policies[at]!.carrierId, policies[at]!.policyNumber))) outcome.imported++
    else {
      // Two spellings of one carrier in the file, or another import a moment ago.
      const row = rows[i]!
      outcome.duplicates.push({ row: chunk.rows[i]!, policyNumber: row.policyNumber, carrier: row.carrier })
    }
  })
  return outcome
}
