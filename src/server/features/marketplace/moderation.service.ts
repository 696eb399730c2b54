import type { Db, Executor } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { ModerationItem } from '#shared/contracts/marketplace-community.contract.ts'
import { findAgencyNames } from '../agencies/find-agency-names.ts'
import { findUserNames } from '../auth/find-user-names.ts'
import { publicName } from './item-view.service.ts'
import { notFound } from './list-items.ts'
import * as repository from './marketplace.repository.ts'
import * as moderation from './moderation.repository.ts'

/** Items a moderation screen shows at once. */
const MODERATION_PAGE = 100

/**
 * The items with their real authors and their open reports. Names come from auth and agencies, one
 * query each for the screen; an item or report whose author or agency is gone is left out, as the
 * join used to.
 */
async function toModerationItems(executor: Executor, ids: string[]): Promise<ModerationItem[]> {
  const items = await moderation.findModerationItems(executor, ids)
  const allReports = await moderation.findOpenReports(executor, ids)
  const [users, agencies] = await Promise.all([
    findUserNames(
      executor,
      items.map((item) => item.authorUserId),
    ),
    findAgencyNames(executor, [
      ...items.map((item) => item.agencyId),
      ...allReports.map((report) => report.agencyId),
    ]),
  ])
  const reports = allReports.flatMap((report) => {
    const agencyName = agencies.get(report.agencyId)
    return agencyName === undefined ? [] : [{ ...report, agencyName }]
  })
  const byId = new Map(items.map((item) => [item.id, item]))
  return ids.flatMap((id) => {
    const item = byId.get(id)
    const author = item && users.get(item.authorUserId)
    const agencyName = item && agencies.get(item.agencyId)
    if (!item || !author || agencyName === undefined) return []
    const open = reports.filter((report) => report.itemId === id)
    return [
      {
        id,
        kind: item.kind,
        title: item.title,
        content: item.content,
        authorName: publicName(author.firstName, author.lastName),
        agencyName,
        isAnonymous: item.isAnonymous,
        status: item.status,
        reportingAgencies: new Set(open.map((report) => report.agencyId)).size,
        reports: open.map((report) => ({
          reason: report.reason,
          agencyName: report.agencyName,
          createdAt: report.createdAt.toISOString(),
        })),
        createdAt: item.createdAt.toISOString(),
        hiddenAt: item.hiddenAt?.toISOString() ?? null,
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
