import { randomBytes } from 'node:crypto'
import type { Executor } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { carrierNameKey } from '#shared/domain/carrier-names.ts'
import type { InsuranceType } from '#shared/domain/insurance-types.ts'
import * as repository from './carriers.repository.ts'

/**
 * For the book import: the carriers the agency can use by their name's key (carrierNameKey).
 * Where the catalogue and the agency's own carriers share a key, the catalogue's wins; among
 * several, the oldest.
 */
export async function matchCarrierNames(executor: Executor, agencyId: string): Promise<Map<string, string>> {
  const rows = await repository.findVisibleCarrierNames(executor, agencyId)
  const byKey = new Map<string, string>()
  for (const owned of [false, true]) {
    for (const row of rows) {
      const key = carrierNameKey(row.name)
      if ((row.agencyId !== null) === owned && !byKey.has(key)) byKey.set(key, row.id)
    }
  }
  return byKey
}

/** A code the carriers page shows: the name's first letters and a random tail (codes are unique per agency). */
function importedCode(name: string): string {
  const letters =
    name
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 7) || 'CARRIER'
  return `${letters}-${randomBytes(2).toString('hex').toUpperCase()}`
}

/**
 * For the book import, in its transaction: a carrier of the agency's own for a name the catalogue
 * does not know, entered by hand (no API), writing the lines the file holds it for. Audited as
 * any added carrier.
 */
export async function createImportedCarrier(
  tx: Executor,
  ctx: Ctx,
  name: string,
  lines: InsuranceType[],
): Promise<string> {
  const row = await repository.insertCarrier(tx, {
    agencyId: ctx.actor.agencyId,
    name: name.trim().slice(0, 120),
    code: importedCode(name),
    supportedTypes: [...new Set(lines)],
    isActive: true,
    submissionMethod: 'manual',
    primaryState: null,
    states: [],
    notes: 'Added by the policy import',
  })
  await recordAudit(tx, ctx, {
    action: 'carrier.created',
    entity: { type: 'carrier', id: row.id },
    details: { code: row.code, source: 'policy_import' },
  })
  return row.id
}
