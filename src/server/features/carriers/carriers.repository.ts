import { and, asc, eq, ilike, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { preparedPerExecutor } from '#server/db/prepared.ts'
import { agencyCarrierSettings, carriers, carrierVersions } from './carriers.table.ts'

export type CarrierRow = typeof carriers.$inferSelect
export type CarrierView = CarrierRow & { effectiveActive: boolean }

/** Catalogue carriers and the agency's own, with the agency's active switch. */
function selectVisible(executor: Executor, agencyId: string) {
  return executor
    .select({
      carrier: carriers,
      effectiveActive: sql<boolean>`coalesce(${agencyCarrierSettings.isActive}, ${carriers.isActive})`,
    })
    .from(carriers)
    .leftJoin(
      agencyCarrierSettings,
      and(eq(agencyCarrierSettings.carrierId, carriers.id), eq(agencyCarrierSettings.agencyId, agencyId)),
    )
    .$dynamic()
}

const visibleTo = (agencyId: string) => or(isNull(carriers.agencyId), eq(carriers.agencyId, agencyId))!

function flatten(rows: { carrier: CarrierRow; effectiveActive: boolean }[]): CarrierView[] {
  return rows.map((row) => ({ ...row.carrier, effectiveActive: row.effectiveActive }))
}

export async function findCarriers(
  executor: Executor,
  agencyId: string,
  filter: { q?: string; type?: string },
) {
  const conditions = [visibleTo(agencyId)]
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    conditions.push(or(ilike(carriers.name, pattern), ilike(carriers.code, pattern))!)
  }
  if (filter.type) conditions.push(sql`${carriers.supportedTypes} @> array[${filter.type}]::text[]`)
  const rows = await selectVisible(executor, agencyId)
    .where(and(...conditions))
    .orderBy(asc(carriers.name))
  return flatten(rows)
}

export async function findCarrier(
  executor: Executor,
  agencyId: string,
  id: string,
): Promise<CarrierView | undefined> {
  const rows = await selectVisible(executor, agencyId).where(and(visibleTo(agencyId), eq(carriers.id, id)))
  return flatten(rows)[0]
}

/** The carrier as a delivery addresses it: no usage counts, so a worker's lookup stays one index read. */
export async function findCarrierContact(executor: Executor, agencyId: string, id: string) {
  const [row] = await executor
    .select({
      id: carriers.id,
      name: carriers.name,
      code: carriers.code,
      contactEmail: carriers.contactEmail,
    })
    .from(carriers)
    .where(and(visibleTo(agencyId), eq(carriers.id, id)))
  return row
}

export async function findCarriersByIds(executor: Executor, agencyId: string, ids: string[]) {
  if (ids.length === 0) return []
  return flatten(
    await selectVisible(executor, agencyId).where(and(visibleTo(agencyId), inArray(carriers.id, ids))),
  )
}

/** The name and code of each of these carriers, whoever's they are (the ids come from the caller's own rows). */
export function findCarrierNames(executor: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([])
  return executor
    .select({ id: carriers.id, name: carriers.name, code: carriers.code, agencyId: carriers.agencyId })
    .from(carriers)
    .where(inArray(carriers.id, ids))
}

export async function insertCarrier(
  executor: Executor,
  values: typeof carriers.$inferInsert,
): Promise<CarrierRow> {
  const [row] = await executor.insert(carriers).values(values).returning()
  return row!
}

export async function setOwnCarrierActive(
  executor: Executor,
  agencyId: string,
  id: string,
  isActive: boolean,
) {
  await executor
    .update(carriers)
    .set({ isActive, updatedAt: new Date() })
    .where(and(eq(carriers.agencyId, agencyId), eq(carriers.id, id)))
}

export async function setCatalogueCarrierActive(
  executor: Executor,
  agencyId: string,
  carrierId: string,
  isActive: boolean,
) {
  await executor
    .insert(agencyCarrierSettings)
    .values({ agencyId, carrierId, isActive })
    .onConflictDoUpdate({
      target: [agencyCarrierSettings.agencyId, agencyCarrierSettings.carrierId],
      set: { isActive, updatedAt: new Date() },
    })
}

export async function findCatalogueCodes(executor: Executor): Promise<Set<string>> {
  const rows = await executor.select({ code: carriers.code }).from(carriers).where(isNull(carriers.agencyId))
  return new Set(rows.map((row) => row.code))
}

/** What recommendations read of a carrier: the columns the scoring model needs. */
export interface CarrierForScoring {
  id: string
  name: string
  code: string
  avgPremiumCents: number | null
  coverageRating: number | null
  consumerConfidenceScore: number | null
  financialStrength: string | null
  submissionMethod: string
}

type ScoringTuple = [
  string,
  string,
  string,
  number | null,
  number | null,
  number | null,
  string | null,
  string,
]

// The agency's switch wins over the carrier's own: hashed subplans over its few settings rows
// rather than a join, because the embedded database keeps no statistics and would otherwise
// probe the settings index once per carrier.
const switchedTo = (executor: Executor, isActive: boolean) =>
  executor
    .select({ carrierId: agencyCarrierSettings.carrierId })
    .from(agencyCarrierSettings)
    .where(
      and(
        eq(agencyCarrierSettings.agencyId, sql.placeholder('agencyId')),
        eq(agencyCarrierSettings.isActive, isActive),
      ),
    )

/** Versions of the carriers an agency sees: the catalogue's and its own (0 before the first change). */
export interface CarrierVersions {
  catalogue: number
  own: number
}

const versionOf = (scope: SQL) =>
  sql`coalesce((select ${carrierVersions.version} from ${carrierVersions} where ${carrierVersions.scope} = ${scope}), 0)`

/**
 * Prepared: every recommendation runs it, and building it cost as much CPU as reading its rows.
 * The rows are read only when a version differs from the caller's (an init plan that a CASE
 * branch never reaches is never run), in the same statement, so from the same snapshot.
 */
const activeCarriersQuery = preparedPerExecutor((executor) => {
  const catalogue = versionOf(sql`'catalogue'`)
  const own = versionOf(sql`${sql.placeholder('agencyId')}::text`)
  const tuples = executor
    .select({
      tuples: sql`coalesce(json_agg(json_build_array(${carriers.id}, ${carriers.name}, ${carriers.code},
        ${carriers.avgPremiumCents}, ${carriers.coverageRating}, ${carriers.consumerConfidenceScore},
        ${carriers.financialStrength}, ${carriers.submissionMethod})), '[]')::text`,
    })
    .from(carriers)
    .where(
      and(
        or(isNull(carriers.agencyId), eq(carriers.agencyId, sql.placeholder('agencyId'))),
        sql`${carriers.supportedTypes} @> array[${sql.placeholder('type')}]::text[]`,
        sql`${carriers.states} @> array[${sql.placeholder('state')}]::text[]`,
        sql`case when ${carriers.isActive} then ${notInArray(carriers.id, switchedTo(executor, false))}
          else ${inArray(carriers.id, switchedTo(executor, true))} end`,
      ),
    )
  return executor
    .select({
      catalogue: catalogue.mapWith(Number),
      own: own.mapWith(Number),
      tuples: sql<string | null>`case when ${catalogue} = ${sql.placeholder('knownCatalogue')}
        and ${own} = ${sql.placeholder('knownOwn')} then null else (${tuples}) end`,
    })
    .from(sql`(select 1) as one_row`)
    .prepare('active_carriers_for_scoring')
})

/**
 * For recommendations: the active carriers visible to the agency that write the type in the state,
 * with only the columns the scoring model reads (no usage counts, and no state and type arrays,
 * which the WHERE clause already settles: this runs on every profile), and the versions they were
 * read at; no rows when the versions are still `known` (the caller kept those rows).
 *
 * The rows come back as one JSON array of tuples: decoding 1,000 rows of eight fields costs the
 * embedded database three times what the query does (15 ms against 5 ms measured), one text field
 * and JSON.parse does not, and PostgreSQL is no slower for it. Tuples rather than objects: the
 * keys of 1,000 objects cost the request 3 ms more (p99 18 ms against 12 ms, same bench).
 */
export async function findActiveCarriersFor(
  executor: Executor,
  agencyId: string,
  type: string,
  state: string,
  known?: CarrierVersions,
): Promise<{ versions: CarrierVersions; rows: CarrierForScoring[] | null }> {
  const [result] = await activeCarriersQuery(executor).execute({
    agencyId,
    type,
    state,
    knownCatalogue: known?.catalogue ?? -1,
    knownOwn: known?.own ?? -1,
  })
  const versions = { catalogue: result!.catalogue, own: result!.own }
  if (result!.tuples === null) return { versions, rows: null }
  const rows = (JSON.parse(result!.tuples) as ScoringTuple[]).map(
    ([
      id,
      name,
      code,
      avgPremiumCents,
      coverageRating,
      consumerConfidenceScore,
      financialStrength,
      submissionMethod,
    ]) => ({
      id,
      name,
      code,
      avgPremiumCents,
      coverageRating,
      consumerConfidenceScore,
      financialStrength,
      submissionMethod,
    }),
  )
  return { versions, rows }
}

/** Every carrier the agency can use (the catalogue and its own), by name: what the book import matches. */
export function findVisibleCarrierNames(executor: Executor, agencyId: string) {
  return executor
    .select({ id: carriers.id, name: carriers.name, agencyId: carriers.agencyId })
    .from(carriers)
    .where(visibleTo(agencyId))
    .orderBy(asc(carriers.createdAt), asc(carriers.id))
}
