import { Download } from 'lucide-react'
import type { ReactNode } from 'react'
import type { RetentionRange } from '#shared/contracts/renewals-retention.contract.ts'
import {
  RETENTION_TABLE_LABELS,
  type RetentionTable,
  RETENTION_TEXTS as T,
} from '#shared/contracts/renewals-retention-texts.ts'
import { buttonClasses } from '#web/components/button.tsx'
import { Card } from '#web/components/card.tsx'
import { retentionExportUrl } from './retention.queries.ts'

/** One of the figures' tables in its card: its title, its CSV download, then the table. */
export function RetentionSection({
  table,
  range,
  children,
}: {
  table: RetentionTable
  range: RetentionRange
  children: ReactNode
}) {
  const title = RETENTION_TABLE_LABELS[table]
  return (
    <section aria-labelledby={`retention-${table}`} className="min-w-0">
      <Card className="grid min-w-0 gap-3 py-4">
        <div className="flex flex-wrap items-center justify-between gap-2 px-4 sm:px-6">
          <h2 id={`retention-${table}`} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <a
            href={retentionExportUrl(range, table)}
            download
            aria-label={`${T.downloadCsv}: ${title}`}
            className={buttonClasses('outline', 'sm')}
          >
            <Download aria-hidden="true" />
            {T.downloadCsv}
          </a>
        </div>
        {children}
      </Card>
    </section>
  )
}
