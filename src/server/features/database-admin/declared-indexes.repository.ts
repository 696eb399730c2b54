import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { is } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { MIGRATIONS_FOLDER } from '#server/db/connect.ts'
import * as schema from '#server/db/schema.ts'

export interface DeclaredIndex {
  table: string
  index: string
  /** The CREATE INDEX statement the migrations wrote for it, made safe to run again. */
  statement: string | null
}

const CREATE_INDEX = /CREATE (?:UNIQUE )?INDEX (?:IF NOT EXISTS )?"([^"]+)" ON [^;]+?(?=;|-->|$)/g

/** Each index's latest CREATE statement in the committed migrations, by name. */
function statementsByName(folder: string): Map<string, string> {
  const statements = new Map<string, string>()
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
  for (const file of files) {
    const text = readFileSync(path.join(folder, file), 'utf8')
    for (const match of text.matchAll(CREATE_INDEX)) {
      const statement = match[0]
        .trim()
        .replace(/^CREATE (UNIQUE )?INDEX (IF NOT EXISTS )?/, 'CREATE $1INDEX IF NOT EXISTS ')
      statements.set(match[1]!, statement)
    }
  }
  return statements
}

let cached: DeclaredIndex[] | undefined

/** Every index the Drizzle schema declares (schema.ts), with its statement from the migrations. */
export function declaredIndexes(folder = MIGRATIONS_FOLDER): DeclaredIndex[] {
  if (cached && folder === MIGRATIONS_FOLDER) return cached
  const statements = statementsByName(folder)
  const found: DeclaredIndex[] = []
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue
    const config = getTableConfig(value)
    for (const index of config.indexes) {
      const name = index.config.name
      if (name) found.push({ table: config.name, index: name, statement: statements.get(name) ?? null })
    }
  }
  if (folder === MIGRATIONS_FOLDER) cached = found
  return found
}
