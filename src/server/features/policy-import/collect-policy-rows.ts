import type { Cell, SheetRow } from '#server/platform/spreadsheet-import/cell-values.ts'
import { collectSheetRows } from '#server/platform/spreadsheet-import/collect-sheet-rows.ts'
import type { CollectOptions } from '#server/platform/spreadsheet-import/serve-parse-tasks.ts'
import { POLICY_IMPORT_TEXTS, type PolicyImportResult } from '#shared/contracts/policy-import.contract.ts'
import { carrierNameKey } from '#shared/domain/carrier-names.ts'
import { policyNumberKey } from '#shared/domain/policy-ledger.ts'
import { matchPolicyColumns, type PolicyColumnPositions } from './match-policy-columns.ts'
import { createPolicyChunkBuilder, type PolicyChunk } from './policy-chunk.service.ts'
import { readPolicyRow } from './read-policy-row.ts'

export interface CollectedPolicyRows {
  /** Non-blank data rows. */
  totalRows: number
  errors: PolicyImportResult['errors']
  /** Rows whose carrier and number appeared on an earlier valid row of the file. */
  duplicates: PolicyImportResult['duplicates']
}

/**
 * Reads every row of the book once (collect-sheet-rows.ts): each data row is checked and either
 * kept, listed as a repeat of an earlier row (same carrier name and number, compared as the book
 * compares them) or listed with its problems. Kept rows go to `onChunk` by chunks.
 */
export async function collectPolicyRows(
  rows: AsyncIterable<SheetRow>,
  onChunk: (chunk: PolicyChunk) => Promise<void>,
  options: CollectOptions,
): Promise<CollectedPolicyRows> {
  let positions: PolicyColumnPositions = {}
  const seen = new Set<string>()
  const chunk = createPolicyChunkBuilder()
  const collected: CollectedPolicyRows = { totalRows: 0, errors: [], duplicates: [] }
  const handler = {
    header(cells: Cell[]) {
      positions = matchPolicyColumns(cells)
    },
    row(row: number, cells: Cell[]) {
      const result = readPolicyRow(cells, positions, options.date1904)
      if (result.problems) {
        for (const { field, message } of result.problems) collected.errors.push({ row, message, field })
        return
      }
      const { carrier, policyNumber } = result.policy
      const key = `${carrierNameKey(carrier)} ${policyNumberKey(policyNumber)}`
      if (seen.has(key)) {
        collected.duplicates.push({ row, policyNumber, carrier })
        return
      }
      seen.add(key)
      chunk.add(row, result.policy)
    },
    get size() {
      return chunk.size
    },
    take: () => chunk.take(),
  }
  collected.totalRows = await collectSheetRows(rows, handler, onChunk, {
    ...options,
    tooManyColumns: POLICY_IMPORT_TEXTS.tooManyColumns,
  })
  return collected
}
