import { inArray } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { agencies } from './agencies.table.ts'

export function findAgencyNames(executor: Executor, ids: string[]) {
  return executor
    .select({ id: agencies.id, name: agencies.name })
    .from(agencies)
    .where(inArray(agencies.id, ids))
}
