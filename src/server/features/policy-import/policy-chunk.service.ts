import type { InsuranceType } from '#shared/domain/insurance-types.ts'

/** A valid row of the book, as the file says it (references not yet resolved). */
export interface PolicyRow {
  policyNumber: string
  carrier: string
  lineOfBusiness: InsuranceType
  firstName: string
  lastName: string
  /** Lower-cased. */
  email: string | null
  zipCode: string | null
  effectiveDate: string
  expirationDate: string
  premiumCents: number
  /** Lower-cased. */
  producerEmail: string | null
}

/**
 * Valid rows to be written together, column by column: a chunk crosses from the parse worker by
 * structured clone and waits on disk as JSON, and arrays of plain values are cheap both ways.
 */
export interface PolicyChunk {
  /** The sheet row of each policy, in file order. */
  rows: number[]
  columns: { [F in keyof PolicyRow]: PolicyRow[F][] }
}

const FIELDS = Object.keys({
  policyNumber: true,
  carrier: true,
  lineOfBusiness: true,
  firstName: true,
  lastName: true,
  email: true,
  zipCode: true,
  effectiveDate: true,
  expirationDate: true,
  premiumCents: true,
  producerEmail: true,
} satisfies Record<keyof PolicyRow, true>) as (keyof PolicyRow)[]

const emptyColumns = () =>
  Object.fromEntries(FIELDS.map((field) => [field, []])) as unknown as PolicyChunk['columns']

/** Gathers valid rows into a chunk as they are read. */
export function createPolicyChunkBuilder() {
  let chunk: PolicyChunk = { rows: [], columns: emptyColumns() }
  return {
    get size() {
      return chunk.rows.length
    },
    add(row: number, policy: PolicyRow): void {
      chunk.rows.push(row)
      for (const field of FIELDS) (chunk.columns[field] as unknown[]).push(policy[field])
    },
    take(): PolicyChunk {
      const taken = chunk
      chunk = { rows: [], columns: emptyColumns() }
      return taken
    },
  }
}

/** Row `i` of a chunk as one object. */
export function policyRowAt({ columns }: PolicyChunk, i: number): PolicyRow {
  return Object.fromEntries(FIELDS.map((field) => [field, columns[field][i]])) as unknown as PolicyRow
}
