import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Renewal } from '#shared/contracts/renewals.contract.ts'
import { Field } from '#web/components/field.tsx'
import { Select } from '#web/components/select.tsx'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { RENEWAL_WORDS as W } from './renewal-texts.ts'
import { assigneesQuery, useChangeRenewal } from './renewals.queries.ts'

/**
 * Who works the renewal, changed as soon as it is chosen. The server's field message (a user of
 * another agency, say) shows on the field; any other refusal as a toast.
 */
export function AssigneePicker({ renewal }: { renewal: Renewal }) {
  const users = useQuery(assigneesQuery)
  const change = useChangeRenewal(renewal.id)
  const [error, setError] = useState<string>()
  const options = (users.data ?? [])
    .filter((user) => !user.disabled || user.id === renewal.assigneeId)
    .map((user) => ({ value: user.id, label: user.name }))
  // The assignee stays selectable though the list (an agent's is only themselves) leaves them out.
  if (renewal.assigneeId && !options.some((option) => option.value === renewal.assigneeId))
    options.push({ value: renewal.assigneeId, label: renewal.assigneeName ?? W.someone })
  const assign = (value: string) => {
    setError(undefined)
    change.mutate(
      { assigneeId: value || null },
      {
        onSuccess: (answer) =>
          showToast({
            title: W.assigneeSaved,
            description: answer.assigneeName ?? W.unassigned,
            variant: 'success',
          }),
        onError: (failure) => {
          const onField = isApiError(failure)
            ? failure.fieldErrors.find((field) => field.path === 'assigneeId')
            : undefined
          if (onField) return setError(onField.message)
          showToast({
            title: W.assigneeFailed,
            description: isApiError(failure) && failure.status < 500 ? failure.message : undefined,
            variant: 'destructive',
          })
        },
      },
    )
  }
  return (
    <Field id="renewal-assignee" label={W.assignee} error={error} className="w-full sm:w-64">
      {(control) => (
        <Select
          {...control}
          placeholder={W.unassigned}
          options={options}
          value={(change.isPending ? change.variables.assigneeId : renewal.assigneeId) ?? ''}
          disabled={change.isPending}
          onChange={(event) => assign(event.target.value)}
        />
      )}
    </Field>
  )
}
