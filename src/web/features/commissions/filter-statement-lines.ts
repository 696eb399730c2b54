import type { StatementLine } from '#shared/contracts/commissions-statements.contract.ts'
import type { LineStatus } from '#shared/contracts/commissions-statements-texts.ts'

export const LINES_PER_PAGE = 100

export type StatusFilter = LineStatus | 'all'

/** The lines of one status (or all) whose row, policy number or insured holds the search, case aside. */
export function filterStatementLines(
  lines: readonly StatementLine[],
  status: StatusFilter,
  search: string,
): StatementLine[] {
  const needle = search.trim().toLowerCase()
  return lines.filter(
    (line) =>
      (status === 'all' || line.status === status) &&
      (needle === '' ||
        String(line.rowNumber) === needle ||
        [line.policyNumber, line.insuredName, line.matchedPolicyNumber].some((text) =>
          text?.toLowerCase().includes(needle),
        )),
  )
}

/** How many lines each status has, and all of them. */
export function countByStatus(lines: readonly StatementLine[]): Record<StatusFilter, number> {
  const counts = { all: lines.length, matched: 0, exception: 0, resolved: 0 }
  for (const line of lines) counts[line.status]++
  return counts
}

/** The page count of `total` lines: one at least, so an empty filter shows page 1 of 1. */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / LINES_PER_PAGE))
}
