import { is, sql } from 'drizzle-orm'
import { PgliteDatabase } from 'drizzle-orm/pglite'
import type { Db } from './connect.ts'

/** Whether the database answers a trivial query (the health check). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`)
}

/** The embedded database runs one transaction at a time: work that holds one open must not wait there. */
export const isEmbeddedDatabase = (db: Db): boolean => is(db, PgliteDatabase)
