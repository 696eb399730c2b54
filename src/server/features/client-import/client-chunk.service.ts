import { textArrayLiteral } from '#server/db/array-literal.ts'
import type { SpreadsheetClient, SpreadsheetClientColumns } from '#server/features/clients/clients.service.ts'
import type { ChunkCodec } from '#server/platform/spreadsheet-import/chunk-stage.ts'

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
  /** Sheet row of each client, in file order; the names and emails say who was written. */
  rows: number[]
  firstNames: string[]
  lastNames: string[]
  emails: string[]
  columns: SpreadsheetClientColumns
}

/**
 * Gathers valid rows column by column as they are read, so the write phase only sends strings:
 * turning thousands of client objects into array literals at write time cost as much as the
 * insert. Values wait as they are and become literals in one pass per chunk: strings built
 * element by element lived long enough to burden the garbage collector.
 */
export function createChunkBuilder() {
  let rows: number[] = []
  let values = FIELDS.map((): (string | undefined)[] => [])
  return {
    get size() {
      return rows.length
    },
    add(row: number, client: SpreadsheetClient): void {
      rows.push(row)
      for (let i = 0; i < FIELDS.length; i++) values[i]!.push(client[FIELDS[i]!])
    },
    /** The rows added since the last take; columns no row filled are left out (their default is NULL). */
    take(): ClientChunk {
      const columns: SpreadsheetClientColumns = {}
      FIELDS.forEach((field, i) => {
        if (values[i]!.some((value) => value !== undefined)) columns[field] = textArrayLiteral(values[i]!)
      })
      const byField = (field: keyof SpreadsheetClient) => values[FIELDS.indexOf(field)] as string[]
      const chunk = {
        rows,
        firstNames: byField('firstName'),
        lastNames: byField('lastName'),
        emails: byField('email'),
        columns,
      }
      rows = []
      values = FIELDS.map(() => [])
      return chunk
    },
  }
}

type ClientColumnLengths = [keyof SpreadsheetClientColumns, number][]

/**
 * A staged client chunk: its column literals, the bulk of it, wait in the file one after the
 * other (written as they are, no JSON); the names and emails stay in memory.
 */
export const clientChunkCodec: ChunkCodec<
  ClientChunk,
  { rest: Omit<ClientChunk, 'columns'>; lengths: ClientColumnLengths }
> = {
  split({ columns, ...rest }) {
    const lengths = Object.entries(columns).map(([field, literal]) => [field, literal.length])
    return { text: Object.values(columns).join(''), kept: { rest, lengths: lengths as ClientColumnLengths } }
  },
  join(text, { rest, lengths }) {
    const columns: SpreadsheetClientColumns = {}
    let at = 0
    for (const [field, length] of lengths) {
      columns[field] = text.slice(at, at + length)
      at += length
    }
    return { ...rest, columns }
  },
}
