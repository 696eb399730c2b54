import { CircleCheck, CircleX } from 'lucide-react'
import type { ReactNode } from 'react'
import type { ImportResult } from '#shared/contracts/client-import.contract.ts'
import { cn } from '#web/lib/cn.ts'
import { formatCount } from '#web/lib/format.ts'

/** Long lists stop here; the counts above them stay exact. */
export const LIST_LIMIT = 50

/** The share of rows imported, rounded to a whole percent. */
export function successRate(result: Pick<ImportResult, 'successCount' | 'totalRows'>): string {
  if (result.totalRows === 0) return '0%'
  return `${Math.round((result.successCount / result.totalRows) * 100)}%`
}

export function ImportResults({ result }: { result: ImportResult }) {
  return (
    <section
      aria-labelledby="import-results-title"
      className="grid gap-4 rounded-lg border border-slate-200 p-4"
    >
      <h3 id="import-results-title" className="flex items-center gap-2 font-semibold text-slate-900">
        {result.success ? (
          <CircleCheck aria-hidden="true" className="size-5 text-green-700" />
        ) : (
          <CircleX aria-hidden="true" className="size-5 text-red-700" />
        )}
        {result.success ? 'Import successful' : 'Import failed'}
      </h3>
      <dl className="grid grid-cols-3 gap-3 text-center">
        <Stat label="Total Rows" value={formatCount(result.totalRows)} />
        <Stat label="Imported" value={formatCount(result.successCount)} />
        <Stat label="Success Rate" value={successRate(result)} />
      </dl>
      <ResultList title="Imported clients" items={result.imported} />
      <ResultList title="Duplicates skipped" items={result.duplicates} />
      <ResultList
        title="Errors"
        items={result.errors.map((error) => (
          <>
            <span className="font-medium">Row {error.row}</span>
            {error.field && <span className="text-slate-600"> ({error.field})</span>}: {error.message}
          </>
        ))}
        tone="error"
      />
    </section>
  )
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md bg-slate-50 p-3">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-xl font-bold text-slate-900">{value}</dd>
    </div>
  )
}

const BOX = 'grid gap-1 rounded-md border p-3 text-sm'
const ERROR = 'border-red-200 bg-red-50 text-red-900'
const PLAIN = 'border-slate-200 text-slate-800'

function ResultList({ title, items, tone }: { title: string; items: ReactNode[]; tone?: 'error' }) {
  if (items.length === 0) return null
  const shown = items.slice(0, LIST_LIMIT)
  return (
    <div className="grid gap-2">
      <h4 className="text-sm font-semibold text-slate-900">
        {title} ({formatCount(items.length)})
      </h4>
      <ul aria-label={title} className={cn(BOX, tone === 'error' ? ERROR : PLAIN)}>
        {shown.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are listed once, in file order
          <li key={index}>{item}</li>
        ))}
        {items.length > shown.length && (
          <li className="text-slate-600">…and {formatCount(items.length - shown.length)} more</li>
        )}
      </ul>
    </div>
  )
}
