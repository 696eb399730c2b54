import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useDeferredValue, useMemo, useState } from 'react'
import type { StatementLine } from '#shared/contracts/commissions-statements.contract.ts'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/card.tsx'
import { formatCount } from '#web/lib/format.ts'
import {
  countByStatus,
  filterStatementLines,
  LINES_PER_PAGE,
  pageCount,
  type StatusFilter,
} from './filter-statement-lines.ts'
import { StatementLineFilters } from './statement-line-filters.tsx'
import { StatementLineList } from './statement-line-list.tsx'

/**
 * The statement's lines, filtered by status and a search, a page of 100 at a time: a statement
 * may hold 10,000 lines, and only the page shown is rendered.
 */
export function StatementLines({ lines }: { lines: readonly StatementLine[] }) {
  const [status, setStatus] = useState<StatusFilter>('all')
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(0)
  // Typing stays quick while the filter goes over thousands of lines.
  const deferredSearch = useDeferredValue(search)
  const counts = useMemo(() => countByStatus(lines), [lines])
  const shown = useMemo(
    () => filterStatementLines(lines, status, deferredSearch),
    [lines, status, deferredSearch],
  )
  const pages = pageCount(shown.length)
  const current = Math.min(page, pages - 1)
  const first = current * LINES_PER_PAGE
  const pageLines = shown.slice(first, first + LINES_PER_PAGE)
  const range =
    shown.length === 0
      ? 'No lines match'
      : `Lines ${formatCount(first + 1)}–${formatCount(first + pageLines.length)} of ${formatCount(shown.length)}`
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Lines</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 px-4 sm:px-6">
        <StatementLineFilters
          status={status}
          counts={counts}
          search={search}
          onStatusChange={(next) => {
            setStatus(next)
            setPage(0)
          }}
          onSearchChange={(next) => {
            setSearch(next)
            setPage(0)
          }}
        />
        <p role="status" className="text-sm text-slate-700">
          {range}
        </p>
        {pageLines.length > 0 && (
          <StatementLineList lines={pageLines} label={`Statement lines, page ${current + 1} of ${pages}`} />
        )}
        {pages > 1 && (
          <nav aria-label="Pages of lines" className="flex items-center justify-between gap-3">
            <Button variant="outline" disabled={current === 0} onClick={() => setPage(current - 1)}>
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            <span className="text-sm text-slate-700">
              Page {current + 1} of {pages}
            </span>
            <Button variant="outline" disabled={current === pages - 1} onClick={() => setPage(current + 1)}>
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </nav>
        )}
      </CardContent>
    </Card>
  )
}
