import type { Db, Executor } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { ModerationItem } from '#shared/contracts/marketplace-community.contract.ts'
import { publicName } from './item-view.ts'
import { notFound } from './list-items.ts'
import * as repository from './marketplace.repository.ts'
import * as moderation from './moderation.repository.ts'

/** Items a moderation screen shows at once. */
const MODERATION_PAGE = 100

async function toModerationItems(executor: Executor, ids: string[]): Promise<ModerationItem[]> {
  const rows = await moderation.findModerationItems(executor, ids)
  const reports = await moderation.findOpenReports(executor, ids)
  const byId = new Map(rows.map((row) => [row.item.id, row]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    if (!row) return []
    const open = reports.filter((report) => report.itemId === id)
    return [
      {
        id,
        kind: row.item.kind,
        title: row.item.title,
        content: row.item.content,
        authorName: publicName(row.authorFirstName, row.authorLastName),
        agencyName: row.agencyName,
        isAnonymous: row.item.isAnonymous,
        status: row.item.status,
        reportingAgencies: new Set(open.map((report) => report.agencyId)).size,
        reports: open.map((report) => ({
          reason: report.reason,
          agencyName: report.agencyName,
          createdAt: report.createdAt.toISOString(),
        })),
        createdAt: row.item.createdAt.toISOString(),
        hiddenAt: row.item.hiddenAt?.toISOString() ?? null,
      },
    ]
  })
}

/** Platform admins: hidden items, then items with open reports. */
export async function listModeration(db: Db): Promise<ModerationItem[]> {
  return toModerationItems(db, await moderation.findModerationItemIds(db, MODERATION_PAGE))
}

/** A platform admin puts an item back; its open reports are closed. */
export function restoreItem(db: Db, ctx: Ctx, id: string): Promise<ModerationItem> {
  return db.transaction(async (tx) => {
    const item = await repository.findItem(tx, id, { forUpdate: true })
    if (!item) throw notFound()
    await moderation.restoreItem(tx, id)
    await recordAudit(tx, ctx, {
      action: 'marketplace.item_restored',
      entity: { type: `marketplace_${item.kind}`, id: id },
      details: { wasHidden: item.status === 'hidden' },
    })
    const [view] = await toModerationItems(tx, [id])
    return view!
  })
}

/** A platform admin removes an item for good, with its votes, reports and replies. */
export async function removeItem(db: Db, ctx: Ctx, id: string): Promise<{ deleted: true }> {
  await db.transaction(async (tx) => {
    const item = await repository.findItem(tx, id, { forUpdate: true })
    if (!item) throw notFound()
    await repository.deleteItem(tx, id)
    await recordAudit(tx, ctx, {
      action: 'marketplace.item_removed',
      entity: { type: `marketplace_${item.kind}`, id: id },
      details: { authorAgencyId: item.agencyId, title: item.title.slice(0, 200) },
    })
  })
  return { deleted: true }
}
