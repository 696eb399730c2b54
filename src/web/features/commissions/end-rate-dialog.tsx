import { useId, useState } from 'react'
import { type CommissionRate, COMMISSION_TEXTS as T } from '#shared/contracts/commissions.contract.ts'
import { Field } from '#web/components/field.tsx'
import { FormDialog } from '#web/components/form-dialog.tsx'
import { Input } from '#web/components/input.tsx'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { lineLabel, todayInput } from './commission-display.ts'
import { useEndRate } from './commissions.queries.ts'

interface EndRateDialogProps {
  rate: CommissionRate | null
  onOpenChange: (open: boolean) => void
}

/** Ends a carrier and line's rate from a date: later terms fall through to the next rate that applies. */
export function EndRateDialog({ rate, onOpenChange }: EndRateDialogProps) {
  const id = useId()
  const [effectiveFrom, setEffectiveFrom] = useState(todayInput)
  const [error, setError] = useState<string>()
  const end = useEndRate()
  const name = rate
    ? `${rate.carrierName ?? T.allCarriers}, ${lineLabel(rate.lineOfBusiness, T.allLines)}`
    : ''
  return (
    <FormDialog
      open={rate !== null}
      onOpenChange={onOpenChange}
      title={`End the rate: ${name}`}
      description="Terms that start on or after the date use the next rate that applies: the carrier’s for all lines, then the agency’s default."
      submitLabel="End rate"
      pending={end.isPending}
      onSubmit={() =>
        rate &&
        end.mutate(
          { id: rate.id, effectiveFrom },
          {
            onSuccess: () => {
              showToast({ title: T.rateEnded, variant: 'success' })
              onOpenChange(false)
            },
            onError: (failure) => {
              const message = isApiError(failure) && failure.status < 500 ? failure.message : T.saveFailed
              setError(isApiError(failure) ? (failure.fieldErrors[0]?.message ?? message) : message)
            },
          },
        )
      }
    >
      <Field id={`${id}-from`} label="Ends from" error={error}>
        {(control) => (
          <Input
            {...control}
            type="date"
            value={effectiveFrom}
            onChange={(event) => setEffectiveFrom(event.target.value)}
          />
        )}
      </Field>
    </FormDialog>
  )
}
