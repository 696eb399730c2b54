import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import { readLastEvent } from '#server/platform/audit-chain.ts'
import type { Ctx } from '#server/platform/context.ts'
import { csvLine } from '#server/platform/csv.ts'
import {
  AUDIT_CSV_MAX_ROWS,
  type AuditHistoryFilters,
  COMPLIANCE_MESSAGES,
} from '#shared/contracts/compliance.contract.ts'
import { countAuditEvents, findAuditEvents } from './audit-history.repository.ts'
import { auditedFilters, queryOf, toRecords } from './audit-history.service.ts'

const CSV_PAGE = 1000

export const AUDIT_CSV_HEADER = [
  'Time (UTC)',
  'Action',
  'Event',
  'Data accessed',
  'Description',
  'User',
  'Record type',
  'Record id',
  'Application id',
  'IP address',
  'User agent',
  'File name',
  'Sequence',
]

async function* csvLines(db: Db, ctx: Ctx, filters: AuditHistoryFilters, upTo: number) {
  yield `\uFEFF${csvLine(AUDIT_CSV_HEADER)}`
  const names = new Map<string, string | null>()
  let cursor = String(upTo + 1)
  for (;;) {
    const rows = await findAuditEvents(db, queryOf(ctx, filters, CSV_PAGE, cursor))
    for (const r of await toRecords(db, ctx.actor.agencyId, rows, names)) {
      yield csvLine([
        r.createdAt,
        r.action,
        r.event,
        r.dataAccessed,
        r.actionDescription,
        r.actorName,
        r.entityType,
        r.entityId,
        r.applicationId,
        r.ipAddress,
        r.userAgent,
        r.fileName,
        r.sequence,
      ])
    }
    if (rows.length < CSV_PAGE) return
    cursor = String(rows[rows.length - 1]!.sequence)
  }
}

/**
 * The filtered history as CSV (decision 014). Before any byte is sent: the export is fixed to the
 * chain as it stands (events written meanwhile, its own among them, are not in it), the matching
 * events are counted up to the cap, and more than AUDIT_CSV_MAX_ROWS is refused with a message
 * (400) rather than cut off without a word. Then the export is audited, and the answer is the
 * lines, read a page at a time as they are sent. A read failing after the first bytes errors the
 * stream, and Fastify then destroys the connection, so the download fails in the browser instead
 * of ending as a shorter file with a 200.
 */
export async function startAuditHistoryExport(
  db: Db,
  ctx: Ctx,
  filters: AuditHistoryFilters,
  fileName: string,
  maxRows = AUDIT_CSV_MAX_ROWS,
): Promise<AsyncGenerator<string>> {
  const { agencyId } = ctx.actor
  const upTo = (await readLastEvent(db, agencyId)).sequence
  const matching = await countAuditEvents(db, queryOf(ctx, filters, maxRows + 1, String(upTo + 1)))
  if (matching > maxRows) {
    throw new AppError('INVALID_INPUT', { message: COMPLIANCE_MESSAGES.exportTooLarge })
  }
  await recordAudit(db, ctx, {
    action: 'audit.history_exported',
    details: { filters: auditedFilters(filters), fileName, rows: matching },
  })
  return csvLines(db, ctx, filters, upTo)
}
