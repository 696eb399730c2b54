import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { COMPLIANCE_MESSAGES } from '#shared/contracts/compliance.contract.ts'
import { Button } from '#web/components/button.tsx'
import { Input } from '#web/components/input.tsx'
import { Label } from '#web/components/label.tsx'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { retentionQuery, useSetRetention } from './compliance.queries.ts'

/** The agency's retention period: everyone reads it, agency admins change it. */
export function RetentionSetting({ canEdit }: { canEdit: boolean }) {
  const retention = useQuery(retentionQuery)
  const save = useSetRetention()
  const [draft, setDraft] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const years = retention.data?.retentionYears
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setError(null)
    save.mutate(Number(draft ?? years), {
      onSuccess: () => {
        setDraft(null)
        showToast({ title: COMPLIANCE_MESSAGES.retentionSaved, variant: 'success' })
      },
      onError: (failure) =>
        setError(isApiError(failure) ? (failure.fieldErrors[0]?.message ?? failure.message) : 'Not saved'),
    })
  }
  const explanation = `Audit records older than ${years ?? '…'} years keep their place in the log but lose their personal details (what was seen, IP address, browser). Client and application records are never deleted automatically.`
  if (!canEdit) return <p className="text-sm text-slate-700">{explanation}</p>
  return (
    <form onSubmit={submit} aria-label="Retention period" className="grid gap-2">
      <p className="text-sm text-slate-700">{explanation}</p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor="retention-years">Retention (years)</Label>
          <Input
            id="retention-years"
            name="retentionYears"
            type="number"
            min={1}
            max={100}
            className="w-32"
            aria-invalid={error !== null}
            aria-describedby={error ? 'retention-error' : undefined}
            value={draft ?? (years === undefined ? '' : String(years))}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={save.isPending || years === undefined}>
          Save
        </Button>
      </div>
      {error && (
        <p id="retention-error" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  )
}
