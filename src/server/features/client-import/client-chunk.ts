import { createArrayLiteralBuilder } from '#server/db/array-literal.ts'
import type { SpreadsheetClient, SpreadsheetClientColumns } from '#server/features/clients/clients.service.ts'

/** Every field a spreadsheet row can fill, so that no field read is left out of the insert. */
const FIELDS = Object.keys({
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  dateOfBirth: true,
  insuranceType: true,
  address: true,
  city: true,
  state: true,
  zipCode: true,
  notes: true,
} satisfies Record<keyof SpreadsheetClient, true>) as (keyof SpreadsheetClient)[]

/** Valid rows to be written by one insert statement, already in the form it sends. */
export interface ClientChunk {
  /** Sheet row of each client, in file order. */
  rows: number[]
  emails: string[]
  /** 'First Last <email>' of each client: the result lists those written. */
  labels: string[]
  columns: SpreadsheetClientColumns
}

/**
 * Gathers valid rows column by column as they are read, so the write phase only sends strings:
 * turning thousands of client objects into array literals at write time cost as much as the insert.
 */
export function createChunkBuilder() {
  let literals = FIELDS.map(() => createArrayLiteralBuilder())
  let chunk: Omit<ClientChunk, 'columns'> = { rows: [], emails: [], labels: [] }
  return {
    get size() {
      return chunk.rows.length
    },
    add(row: number, client: SpreadsheetClient): void {
      chunk.rows.push(row)
      chunk.emails.push(client.email)
      chunk.labels.push(`${client.firstName} ${client.lastName} <${client.email}>`)
      for (let i = 0; i < FIELDS.length; i++) literals[i]!.push(client[FIELDS[i]!])
    },
    /** The rows added since the last take; columns no row filled are left out (their default is NULL). */
    take(): ClientChunk {
      const columns: SpreadsheetClientColumns = {}
      FIELDS.forEach((field, i) => {
        if (literals[i]!.hasValue) columns[field] = literals[i]!.toString()
      })
      const taken = { ...chunk, columns }
      literals = FIELDS.map(() => createArrayLiteralBuilder())
      chunk = { rows: [], emails: [], labels: [] }
      return taken
    },
  }
}
