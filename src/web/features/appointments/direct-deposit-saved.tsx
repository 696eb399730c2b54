import { Eye } from 'lucide-react'
import type { DirectDeposit } from '#shared/contracts/appointments-direct-deposit.contract.ts'
import { Button } from '#web/components/button.tsx'
import { isApiError } from '#web/lib/api.ts'
import { formatDateTime } from '#web/lib/format.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useRevealDirectDeposit } from './appointments.queries.ts'

export const REVEAL_NOTE = 'Revealing the numbers is recorded in the audit log.'

/** The account on file, numbers masked until the agent reveals them. */
export function DirectDepositSaved({ saved }: { saved: DirectDeposit }) {
  const reveal = useRevealDirectDeposit()
  const shown = reveal.data
  const rows: [string, string][] = [
    ['Bank', saved.bankName],
    ['Account type', saved.accountType === 'checking' ? 'Checking' : 'Savings'],
    ['Routing number', shown?.routingNumber ?? saved.routingNumberMasked],
    ['Account number', shown?.accountNumber ?? saved.accountNumberMasked],
    ['Account holder', saved.accountHolderName],
  ]
  return (
    <section
      aria-labelledby="dd-saved-heading"
      className="grid gap-3 rounded-md border border-slate-200 bg-slate-50 p-4"
    >
      <h3 id="dd-saved-heading" className="font-semibold text-slate-900">
        Account on file
      </h3>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="grid">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium break-all text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-slate-600">Saved {formatDateTime(saved.updatedAt)}</p>
      {!shown && (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            size="sm"
            variant="outline"
            disabled={reveal.isPending}
            onClick={() =>
              reveal.mutate(undefined, {
                onError: (error) =>
                  showToast({
                    title: 'Could not reveal the numbers',
                    description: isApiError(error) ? error.message : undefined,
                    variant: 'destructive',
                  }),
              })
            }
          >
            <Eye aria-hidden="true" />
            Reveal
          </Button>
          <p className="text-xs text-slate-600">{REVEAL_NOTE}</p>
        </div>
      )}
    </section>
  )
}
