import { rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { connectPglite, connectPostgres, createPglite } from '#server/db/connect.ts'
import { seedCarrierCatalogue } from '#server/features/carriers/carriers.service.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    postgresTemplate: string | null
  }
}

/**
 * Migrates one template database per run: a PGlite dump that every test file loads in ~0.3 s,
 * and, when TEST_DATABASE_URL is set, a PostgreSQL template database that each file clones.
 */
export default async function setup(project: TestProject) {
  const client = await createPglite()
  const template = connectPglite(client)
  await template.migrate()
  await seedCarrierCatalogue(template.db)
  const dump = await client.dumpDataDir('none')
  const file = path.join(tmpdir(), `pglite-template-${process.pid}.tar`)
  await writeFile(file, Buffer.from(await dump.arrayBuffer()))
  await template.close()
  project.provide('pgliteTemplate', file)

  // Each run's dump goes with the run: a runner's /tmp held 90 of them (2.3 GB).
  const removeDump = () => rm(file, { force: true })
  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    project.provide('postgresTemplate', null)
    return removeDump
  }
  const name = `app_template_${process.pid}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${name}`)
  await admin.query(`CREATE DATABASE ${name}`)
  const migrated = connectPostgres(withDatabase(url, name), { max: 1 })
  await migrated.migrate()
  await seedCarrierCatalogue(migrated.db)
  await migrated.close()
  project.provide('postgresTemplate', name)
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
    await removeDump()
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}
