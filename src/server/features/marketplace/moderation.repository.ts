import { and, countDistinct, desc, eq, inArray, isNull, max } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { marketplaceItems, marketplaceReports } from './marketplace.table.ts'

const items = marketplaceItems
const reports = marketplaceReports

/** A user's report of an item; a second one by the same user changes nothing. */
export async function insertReport(
  executor: Executor,
  report: { itemId: string; userId: string; agencyId: string; reason: string },
): Promise<void> {
  await executor.insert(reports).values(report).onConflictDoNothing()
}

/** How many different agencies have open (not dismissed) reports on the item. */
export async function countReportingAgencies(executor: Executor, itemId: string): Promise<number> {
  const [row] = await executor
    .select({ agencies: countDistinct(reports.agencyId) })
    .from(reports)
    .where(and(eq(reports.itemId, itemId), isNull(reports.dismissedAt)))
  return row?.agencies ?? 0
}

export async function hideItem(executor: Executor, itemId: string): Promise<void> {
  await executor.update(items).set({ status: 'hidden', hiddenAt: new Date() }).where(eq(items.id, itemId))
}

/** Visible again; its open reports are closed, so the same reporters cannot hide it again. */
export async function restoreItem(executor: Executor, itemId: string): Promise<void> {
  await executor.update(items).set({ status: 'visible', hiddenAt: null }).where(eq(items.id, itemId))
  await executor
    .update(reports)
    .set({ dismissedAt: new Date() })
    .where(and(eq(reports.itemId, itemId), isNull(reports.dismissedAt)))
}

/** Up to `limit` items for moderators: hidden ones (latest first), then others with open reports. */
export async function findModerationItemIds(executor: Executor, limit: number): Promise<string[]> {
  const hidden = await executor
    .select({ id: items.id })
    .from(items)
    .where(eq(items.status, 'hidden'))
    .orderBy(desc(items.hiddenAt))
    .limit(limit)
  const latest = max(reports.createdAt)
  const reported = await executor
    .select({ id: reports.itemId })
    .from(reports)
    .where(isNull(reports.dismissedAt))
    .groupBy(reports.itemId)
    .orderBy(desc(latest))
    .limit(limit)
  const ids = [...hidden.map((row) => row.id), ...reported.map((row) => row.id)]
  return [...new Set(ids)].slice(0, limit)
}

/** The items, whatever their status or anonymity (the service names their real authors). */
export function findModerationItems(executor: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([])
  return executor.select().from(items).where(inArray(items.id, ids))
}

/** Open reports of these items, newest first. */
export function findOpenReports(executor: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([])
  return executor
    .select({
      itemId: reports.itemId,
      agencyId: reports.agencyId,
      reason: reports.reason,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(and(inArray(reports.itemId, ids), isNull(reports.dismissedAt)))
    .orderBy(desc(reports.createdAt))
}
