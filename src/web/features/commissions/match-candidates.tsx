import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { TransactionKind } from '#shared/domain/policy-ledger.ts'
import { Label } from '#web/components/label.tsx'
import { RadioGroup, RadioGroupItem } from '#web/components/radio-group.tsx'
import { SearchInput } from '#web/components/search-input.tsx'
import { formatDay } from '#web/lib/format.ts'
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts'
import { formatSignedMoney, TRANSACTION_LABELS } from './commission-display.ts'
import { candidatesQuery } from './commission-exceptions.queries.ts'
import { EXCEPTION_WORDS as W } from './exception-texts.ts'

const SEARCH_DEBOUNCE_MS = 250

export interface MatchChoice {
  policyId?: string
  /** '' for the policy alone. */
  expectedCommissionId: string
}

interface MatchCandidatesProps {
  exceptionId: string
  choice: MatchChoice
  onChange: (choice: MatchChoice) => void
  /** The server's refusal of the policy or the expected row, shown under the list it is about. */
  errors: { policyId?: string; expectedCommissionId?: string }
}

/** Search the statement's carrier's policies, pick one, then optionally the expected commission the line pays. */
export function MatchCandidates({ exceptionId, choice, onChange, errors }: MatchCandidatesProps) {
  const id = useId()
  const [q, setQ] = useState('')
  const search = useDebouncedValue(q.trim(), SEARCH_DEBOUNCE_MS)
  const { data, isFetching } = useQuery(candidatesQuery(exceptionId, search))
  const candidates = data?.candidates ?? []
  const chosen = candidates.find((c) => c.policyId === choice.policyId)
  return (
    <div className="grid gap-4 sm:col-span-2">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-q`}>{W.searchPolicies}</Label>
        <SearchInput
          id={`${id}-q`}
          aria-label={W.searchPolicies}
          aria-describedby={`${id}-q-hint`}
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
        <p id={`${id}-q-hint`} className="text-xs text-slate-600">
          {W.searchHint}
        </p>
      </div>
      <fieldset className="grid gap-2" aria-busy={isFetching}>
        <legend className="mb-1 text-sm font-medium text-slate-900">{W.choosePolicy}</legend>
        {data && candidates.length === 0 && <p className="text-sm text-slate-600">{W.noCandidates}</p>}
        <RadioGroup
          aria-label={W.choosePolicy}
          value={choice.policyId ?? ''}
          onValueChange={(policyId) => onChange({ policyId, expectedCommissionId: '' })}
          className="max-h-56 gap-2 overflow-y-auto"
        >
          {candidates.map((c) => (
            <div key={c.policyId} className="flex items-center gap-2">
              <RadioGroupItem value={c.policyId} id={`${id}-p-${c.policyId}`} />
              <label htmlFor={`${id}-p-${c.policyId}`} className="text-sm text-slate-900">
                {c.policyNumber} · {c.insuredName}
              </label>
            </div>
          ))}
        </RadioGroup>
        {errors.policyId && <p className="text-sm font-medium text-red-700">{errors.policyId}</p>}
      </fieldset>
      {chosen && (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-900">{W.chooseExpected}</legend>
          <RadioGroup
            aria-label={W.chooseExpected}
            value={choice.expectedCommissionId}
            onValueChange={(expectedCommissionId) => onChange({ ...choice, expectedCommissionId })}
            className="gap-2"
          >
            {[
              { id: '', label: W.policyOnly },
              ...chosen.expected.map((row) => ({ id: row.id, label: expectedLabel(row) })),
            ].map((option) => (
              <div key={option.id || 'none'} className="flex items-center gap-2">
                <RadioGroupItem value={option.id} id={`${id}-e-${option.id || 'none'}`} />
                <label htmlFor={`${id}-e-${option.id || 'none'}`} className="text-sm text-slate-900">
                  {option.label}
                </label>
              </div>
            ))}
          </RadioGroup>
          {chosen.expected.length === 0 && <p className="text-sm text-slate-600">{W.nothingUnpaid}</p>}
          {errors.expectedCommissionId && (
            <p className="text-sm font-medium text-red-700">{errors.expectedCommissionId}</p>
          )}
        </fieldset>
      )}
    </div>
  )
}

function expectedLabel(row: { transactionKind: string; effectiveDate: string; amount: number }): string {
  const kind = TRANSACTION_LABELS[row.transactionKind as TransactionKind] ?? row.transactionKind
  return `${kind}, ${formatDay(row.effectiveDate)}: ${formatSignedMoney(row.amount)}`
}
