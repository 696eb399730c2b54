import type { PolicyImportResult } from '#shared/contracts/policy-import.contract.ts'
import { POLICY_IMPORT_TEXTS as T } from '#shared/contracts/policy-import-texts.ts'

const count = (n: number) => n.toLocaleString('en-US')

/** Rows past this many are summed up rather than listed: a dialog is no place for 2,000 lines. */
export const ROWS_LISTED = 50

function RowList({ title, lines }: { title: string; lines: string[] }) {
  if (lines.length === 0) return null
  const more = lines.length - ROWS_LISTED
  return (
    <section className="grid gap-1">
      <h3 className="text-sm font-semibold text-slate-900">
        {title} ({count(lines.length)})
      </h3>
      <ul
        aria-label={title}
        className="max-h-40 overflow-y-auto rounded-md border border-slate-200 p-2 text-sm"
      >
        {lines.slice(0, ROWS_LISTED).map((line) => (
          <li key={line} className="break-words">
            {line}
          </li>
        ))}
      </ul>
      {more > 0 && <p className="text-sm text-slate-600">and {count(more)} more rows</p>}
    </section>
  )
}

/** What the import did: its counts, then the refused rows (number and reason), notes and duplicates. */
export function PolicyImportResults({ result }: { result: PolicyImportResult }) {
  const figures = [
    ['Imported', result.imported],
    ['Duplicates', result.duplicates.length],
    ['Refused rows', new Set(result.errors.map((error) => error.row)).size],
    ['Clients created', result.clientsCreated],
    ['Carriers created', result.carriersCreated],
  ] as const
  return (
    <div className="grid gap-4" data-testid="policy-import-results">
      <p role="status" className="font-medium text-slate-900">
        {T.complete.replace('{imported}', count(result.imported)).replace('{total}', count(result.totalRows))}
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-md bg-slate-50 p-2">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900">{count(value)}</dd>
          </div>
        ))}
      </dl>
      <RowList title={T.errorsTitle} lines={result.errors.map((e) => `Row ${e.row}: ${e.message}`)} />
      <RowList title={T.warningsTitle} lines={result.warnings.map((w) => `Row ${w.row}: ${w.message}`)} />
      <RowList
        title={T.duplicatesTitle}
        lines={result.duplicates.map((d) => `Row ${d.row}: ${d.policyNumber} (${d.carrier})`)}
      />
    </div>
  )
}
