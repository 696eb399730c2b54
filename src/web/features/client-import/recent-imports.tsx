import { useQuery } from '@tanstack/react-query'
import { IMPORT_TEXTS, type ImportRecord } from '#shared/contracts/client-import.contract.ts'
import { Badge, type BadgeTone } from '#web/components/badge.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Skeleton } from '#web/components/skeleton.tsx'
import { formatCount, formatDateTime } from '#web/lib/format.ts'
import { importHistoryQuery } from './client-import.queries.ts'

const STATUS: Record<ImportRecord['status'], [label: string, tone: BadgeTone]> = {
  running: ['Running', 'blue'],
  completed: ['Completed', 'green'],
  failed: ['Failed', 'red'],
  interrupted: ['Interrupted', 'orange'],
}

/** '1,200 rows · 1,150 imported · 40 duplicates · 10 errors', for what the record knows. */
function figures(record: ImportRecord): string | null {
  if (record.totalRows === null) return null
  return [
    `${formatCount(record.totalRows)} rows`,
    `${formatCount(record.imported ?? 0)} imported`,
    `${formatCount(record.duplicates ?? 0)} duplicates`,
    `${formatCount(record.errors ?? 0)} errors`,
  ].join(' · ')
}

function Explanation({ record }: { record: ImportRecord }) {
  if (record.status === 'interrupted') {
    const where = record.lastRow ? ` after reading row ${formatCount(record.lastRow)}` : ''
    return (
      <p className="text-sm text-slate-700">
        The server stopped{where}. Rows saved before it stopped were kept in whole batches: import the same
        file again to bring in the rest (rows already in are listed as duplicates).
      </p>
    )
  }
  if (record.failure) return <p className="text-sm text-slate-700">{record.failure}</p>
  return null
}

function ImportItem({ record }: { record: ImportRecord }) {
  const [label, tone] = STATUS[record.status]
  const counts = figures(record)
  return (
    <li className="grid gap-1 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 break-all font-medium text-slate-900">{record.fileName}</span>
        <Badge tone={tone}>{label}</Badge>
      </div>
      <p className="text-xs text-slate-600">
        {record.importedBy ?? 'A former user'} · {formatDateTime(record.startedAt)}
      </p>
      {counts && <p className="text-sm text-slate-700">{counts}</p>}
      <Explanation record={record} />
    </li>
  )
}

/** The agency's latest imports with their figures: whoever imported what, and how it ended. */
export function RecentImports() {
  const { data, isPending, isError } = useQuery(importHistoryQuery)
  return (
    <Card>
      <CardHeader>
        <CardTitle>{IMPORT_TEXTS.recentTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : isError ? (
          <p className="text-sm text-slate-600">The import history could not be loaded.</p>
        ) : data.length === 0 ? (
          <p className="text-sm text-slate-600">{IMPORT_TEXTS.recentEmpty}</p>
        ) : (
          <ul aria-label={IMPORT_TEXTS.recentTitle} className="divide-y divide-slate-200">
            {data.map((record) => (
              <ImportItem key={record.id} record={record} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
