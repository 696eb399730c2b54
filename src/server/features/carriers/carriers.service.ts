import type { z } from 'zod'
import type { Db, Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { isUniqueViolation } from '#server/platform/db-errors.ts'
import { CARRIER_TEXTS, type Carrier, type CarrierInputSchema } from '#shared/contracts/carriers.contract.ts'
import type { InsuranceType } from '#shared/domain/insurance-types.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { buildCatalogue } from './build-catalogue.ts'
import type { selectCarrierNames } from './carrier-names.repository.ts'
import * as repository from './carriers.repository.ts'

export type { CarrierView } from './carriers.repository.ts'

/** A carrier without its application count, which carrier delivery knows (see withApplicationCounts). */
export type CarrierSummary = Omit<Carrier, 'applicationCount'>

/**
 * How many applications went to each of the agency's carriers. Carrier delivery keeps the
 * submissions and sits above carriers, so features/index.ts passes its count in.
 */
export type CountApplications = (executor: Executor, agencyId: string) => Promise<Map<string, number>>

export function toCarrier(row: repository.CarrierView): CarrierSummary {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    supportedTypes: row.supportedTypes as InsuranceType[],
    isActive: row.effectiveActive,
    isCatalogue: row.agencyId === null,
    avgPremiumCost: row.avgPremiumCents === null ? null : row.avgPremiumCents / 100,
    coverageRating: row.coverageRating,
    consumerConfidenceScore: row.consumerConfidenceScore,
    consumerConfidence: row.consumerConfidenceScore,
    financialStrength: row.financialStrength,
    submissionMethod: row.submissionMethod,
    states: row.states,
    licensedStates: row.states,
    notes: row.notes,
    contactEmail: row.contactEmail,
    // Until carrier delivery reports health, an active carrier is online and an inactive one offline.
    status: row.effectiveActive ? 'online' : 'offline',
  }
}

/** The carriers as the carriers screen shows them: each with how many applications went to it. */
export async function withApplicationCounts(
  executor: Executor,
  { actor }: Ctx,
  carriers: CarrierSummary[],
  countApplications: CountApplications,
): Promise<Carrier[]> {
  const counts = await countApplications(executor, actor.agencyId)
  return carriers.map((carrier) => ({ ...carrier, applicationCount: counts.get(carrier.id) ?? 0 }))
}

const notFound = () => new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })

export async function listCarriers(
  db: Executor,
  { actor }: Ctx,
  filter: { q?: string; type?: InsuranceType },
) {
  return (await repository.findCarriers(db, actor.agencyId, filter)).map(toCarrier)
}

export async function getCarrier(db: Executor, { actor }: Ctx, id: string): Promise<CarrierSummary> {
  const row = await repository.findCarrier(db, actor.agencyId, id)
  if (!row) throw notFound()
  return toCarrier(row)
}

/** For applications: the carriers visible to the agency among these ids (others are simply absent). */
export function findAgencyCarriers(executor: Executor, agencyId: string, ids: string[]) {
  return repository.findCarriersByIds(executor, agencyId, ids)
}

/** The name and code of each of these carriers, by id, and whether it is the catalogue's (for records that name carriers). */
export async function findCarrierNames(
  executor: Executor,
  ids: string[],
): Promise<Map<string, { name: string; code: string; isCatalogue: boolean }>> {
  const rows = await repository.findCarrierNames(executor, [...new Set(ids)])
  return new Map(
    rows.map((row) => [row.id, { name: row.name, code: row.code, isCatalogue: row.agencyId === null }]),
  )
}

/**
 * For lists that name carriers (applications, the marketplace): the names as query fragments the
 * list's own query joins or evaluates, so a page costs one query (decision 025).
 */
export { selectCarrierNameList, selectCarrierNames } from './carrier-names.repository.ts'
export type CarrierNamesQuery = ReturnType<typeof selectCarrierNames>

/** For carrier delivery: the name, code and contact email of a carrier visible to the agency. */
export function findCarrierContact(executor: Executor, agencyId: string, id: string) {
  return repository.findCarrierContact(executor, agencyId, id)
}

/** For recommendations: the active carriers that write the type in the state (kept: decision 024). */
export { findActiveCarriersFor } from './find-active-carriers.ts'
/** For the book import: carriers by name, and one of the agency's own for a name none has. */
export { createImportedCarrier, matchCarrierNames } from './match-carrier-names.ts'

/** For applications: every carrier visible to the agency that supports the type. */
export function findCarriersForType(executor: Executor, agencyId: string, type: InsuranceType) {
  return repository.findCarriers(executor, agencyId, { type })
}

export async function createCarrier(
  db: Db,
  ctx: Ctx,
  input: z.output<typeof CarrierInputSchema>,
): Promise<Carrier> {
  const { actor } = ctx
  try {
    return await db.transaction(async (tx) => {
      const row = await repository.insertCarrier(tx, {
        agencyId: actor.agencyId,
        name: input.name,
        code: input.code,
        supportedTypes: input.supportedTypes,
        isActive: input.isActive,
        submissionMethod: input.submissionMethod,
        primaryState: input.state,
        states: [...new Set([input.state, ...(input.states ?? []).map((s) => s.toUpperCase())])],
        notes: input.notes ?? null,
        contactEmail: input.contactEmail ?? null,
      })
      await recordAudit(tx, ctx, {
        action: 'carrier.created',
        entity: { type: 'carrier', id: row.id },
        details: { code: row.code },
      })
      // A new carrier has had no applications: no need to count them.
      return { ...toCarrier({ ...row, effectiveActive: row.isActive }), applicationCount: 0 }
    })
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', {
        message: CARRIER_TEXTS.codeTaken,
        fieldErrors: [{ path: 'code', message: CARRIER_TEXTS.codeTaken }],
      })
    }
    throw error
  }
}

/** The agency's own carrier changes; a catalogue carrier changes for this agency only. */
export function setCarrierActive(db: Db, ctx: Ctx, id: string, isActive: boolean): Promise<CarrierSummary> {
  const { actor } = ctx
  return db.transaction(async (tx) => {
    const row = await repository.findCarrier(tx, actor.agencyId, id)
    if (!row) throw notFound()
    if (row.agencyId === null) await repository.setCatalogueCarrierActive(tx, actor.agencyId, id, isActive)
    else await repository.setOwnCarrierActive(tx, actor.agencyId, id, isActive)
    await recordAudit(tx, ctx, {
      action: isActive ? 'carrier.activated' : 'carrier.deactivated',
      entity: { type: 'carrier', id: id },
    })
    return toCarrier({ ...row, effectiveActive: isActive })
  })
}

export async function listSupportedApis(db: Executor, ctx: Ctx): Promise<string[]> {
  const rows = await listCarriers(db, ctx, {})
  return rows
    .filter((c) => c.isActive && c.submissionMethod === 'api')
    .map((c) =>
      c.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
    )
}

/** Adds the catalogue carriers an install lacks; runs at every start. */
export async function seedCarrierCatalogue(db: Db): Promise<number> {
  const existing = await repository.findCatalogueCodes(db)
  const missing = buildCatalogue().filter((carrier) => !existing.has(carrier.code))
  if (missing.length === 0) return 0
  await db.transaction(async (tx) => {
    for (const carrier of missing) await repository.insertCarrier(tx, { ...carrier, agencyId: null })
  })
  return missing.length
}
