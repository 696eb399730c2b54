import { useQuery } from '@tanstack/react-query'
import type { Cancellation } from '#shared/contracts/policies.contract.ts'
import { CancellationSchema } from '#shared/contracts/policies.contract.ts'
import type { CancellationMethod } from '#shared/domain/policy-ledger.ts'
import { isApiError } from '#web/lib/api.ts'
import { formatDay } from '#web/lib/format.ts'
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts'
import { cancellationPreviewQuery } from './policies.queries.ts'
import { formatMoney, POLICY_WORDS } from './policy-display.ts'

/** The preview waits for typing in a field to pause this long. */
export const PREVIEW_DEBOUNCE_MS = 300

export interface CancellationPreview {
  returnPremium: number | undefined
  effectiveDate: string | undefined
  /** The figure is for exactly what the fields hold now. */
  current: boolean
  loading: boolean
  /** The server's refusal of the asked cancellation that belongs to no field. */
  message: string | undefined
  fieldError: (field: string) => string | undefined
}

/** Asks the server what the cancellation on screen would return, once its fields hold a valid one. */
export function useCancellationPreview(
  policyId: string,
  input: Partial<Cancellation>,
  enabled: boolean,
): CancellationPreview {
  const key = JSON.stringify(input)
  const settledKey = useDebouncedValue(key, PREVIEW_DEBOUNCE_MS)
  const parsed = CancellationSchema.safeParse(JSON.parse(settledKey))
  const query = useQuery({
    ...cancellationPreviewQuery(policyId, parsed.data ?? (input as Cancellation)),
    enabled: enabled && parsed.success,
  })
  const error = query.error
  const fieldErrors = isApiError(error) ? error.fieldErrors : []
  const settled = settledKey === key && parsed.success
  return {
    returnPremium: settled && !query.isError ? query.data?.returnPremium : undefined,
    effectiveDate: query.data?.effectiveDate,
    current: settled && query.isSuccess && !query.isPlaceholderData,
    loading: !settled || query.isFetching,
    message: isApiError(error) && fieldErrors.length === 0 ? error.message : undefined,
    fieldError: (field) => (settled ? fieldErrors.find((each) => each.path === field)?.message : undefined),
  }
}

/** 'Return premium: $X' before the confirm button, read out as it changes. */
export function ReturnPremiumPreview({
  preview,
  method,
}: {
  preview: CancellationPreview
  method: CancellationMethod
}) {
  const { returnPremium, current, effectiveDate, message } = preview
  return (
    <div aria-live="polite" className="grid gap-1 rounded-md bg-slate-50 p-3 sm:col-span-2">
      <p className="text-base text-slate-900">
        {POLICY_WORDS.returnPremium}:{' '}
        <strong data-testid="return-premium" className="tabular-nums">
          {returnPremium === undefined ? '—' : formatMoney(returnPremium)}
        </strong>
        {!current && !message && <span className="ml-2 text-sm text-slate-600">Working it out...</span>}
      </p>
      {current && method === 'flat' && effectiveDate && (
        <p className="text-sm text-slate-600">
          Flat: cancelled back to the term's start, {formatDay(effectiveDate)}.
        </p>
      )}
      {message && <p className="text-sm font-medium text-red-700">{message}</p>}
    </div>
  )
}
