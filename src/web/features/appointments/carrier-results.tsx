import type { CarrierResult } from '#shared/contracts/appointments.contract.ts'
import { SubmissionOutcomeBadge } from '#web/components/submission-status-badge.tsx'

export function successCountText(results: readonly CarrierResult[]): string {
  const ok = results.filter(({ result }) => result.status === 'success').length
  return `${ok} of ${results.length} submissions successful`
}

/** Spec §2: one result per carrier, its errors as bullets. */
export function CarrierResults({ results }: { results: readonly CarrierResult[] }) {
  return (
    <section aria-labelledby="carrier-results-heading" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="carrier-results-heading" className="font-semibold text-slate-900">
          Submission results
        </h3>
        <p className="text-sm text-slate-600">{successCountText(results)}</p>
      </div>
      <ul aria-label="Submission results" className="grid gap-2">
        {results.map(({ carrierId, carrierName, result }) => (
          <li
            key={carrierId}
            aria-label={carrierName}
            className="grid gap-1 rounded-md border border-slate-200 p-3 text-sm"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium text-slate-900">{carrierName}</span>
              <SubmissionOutcomeBadge outcome={result.status} />
            </div>
            {result.message && <p className="text-slate-700">{result.message}</p>}
            {result.confirmationNumber && (
              <p className="text-slate-700">Confirmation number: {result.confirmationNumber}</p>
            )}
            {result.errors.length > 0 && (
              <ul aria-label={`Errors for ${carrierName}`} className="list-disc pl-5 text-red-800">
                {result.errors.map((error) => (
                  <li key={error}>{error}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
