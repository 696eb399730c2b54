import { useQuery } from '@tanstack/react-query'
import { Plus, Trash2 } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import {
  MAX_SPLIT_PRODUCERS,
  type ProducerSplit,
  SetProducerSplitSchema,
} from '#shared/contracts/commissions-policies.contract.ts'
import { PRODUCER_ROLE_LABELS, COMMISSION_TEXTS as T } from '#shared/contracts/commissions-texts.ts'
import { PRODUCER_ROLES, percentToBp } from '#shared/domain/commission-math.ts'
import { Button } from '#web/components/button.tsx'
import { Field } from '#web/components/field.tsx'
import { FormDialog } from '#web/components/form-dialog.tsx'
import { Input } from '#web/components/input.tsx'
import { Select } from '#web/components/select.tsx'
import { producersQuery } from '#web/features/policies/policies.queries.ts'
import { isApiError } from '#web/lib/api.ts'
import { amountOf } from '#web/lib/contract-resolver.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { todayInput } from './commission-display.ts'
import { useSetProducerSplit } from './commissions.queries.ts'

interface Row {
  key: number
  userId: string
  role: string
  percent: string
}

const ROLE_OPTIONS = PRODUCER_ROLES.map((role) => ({ value: role, label: PRODUCER_ROLE_LABELS[role] }))

function rowsOf(split: ProducerSplit | null): Row[] {
  const producers = split?.producers ?? []
  return producers.length === 0
    ? [{ key: 0, userId: '', role: 'writing', percent: '100' }]
    : producers.map((p, key) => ({ key, userId: p.userId, role: p.role, percent: String(p.percent) }))
}

interface SplitDialogProps {
  policyId: string
  open: boolean
  onOpenChange: (open: boolean) => void
  current: ProducerSplit | null
}

/** Who shares the policy's commission from a date on; earlier transactions keep the split they had. */
export function SplitDialog({ policyId, open, onOpenChange, current }: SplitDialogProps) {
  const id = useId()
  const users = useQuery({ ...producersQuery, enabled: open })
  const save = useSetProducerSplit(policyId)
  const [rows, setRows] = useState(() => rowsOf(current))
  const [effectiveFrom, setEffectiveFrom] = useState(todayInput)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const nextKey = useRef(rows.length)
  const change = (key: number, part: Partial<Row>) =>
    setRows((now) => now.map((row) => (row.key === key ? { ...row, ...part } : row)))
  const total = rows.reduce((sum, row) => sum + percentToBp(amountOf(row.percent) ?? 0), 0) / 100
  const userOptions = (users.data ?? [])
    .filter((user) => !user.disabled)
    .map((user) => ({ value: user.id, label: user.name }))

  function submit() {
    const input = {
      effectiveFrom,
      producers: rows.map((row) => ({ userId: row.userId, role: row.role, percent: amountOf(row.percent) })),
    }
    const checked = SetProducerSplitSchema.safeParse(input)
    if (!checked.success) {
      setErrors(
        Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
      )
      return
    }
    setErrors({})
    save.mutate(checked.data, {
      onSuccess: () => {
        showToast({ title: T.splitSaved, variant: 'success' })
        onOpenChange(false)
      },
      onError: (error) => {
        if (isApiError(error))
          setErrors(Object.fromEntries(error.fieldErrors.map((e) => [e.path, e.message])))
        showToast({
          title: T.saveFailed,
          description: isApiError(error) && error.status < 500 ? error.message : undefined,
          variant: 'destructive',
        })
      },
    })
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Producer split"
      description="The shares must add up to 100%. Transactions dated on or after the date are split this way."
      submitLabel="Save split"
      pending={save.isPending}
      onSubmit={submit}
    >
      <Field id={`${id}-from`} label="Effective from" error={errors.effectiveFrom} className="sm:col-span-2">
        {(control) => (
          <Input
            {...control}
            type="date"
            value={effectiveFrom}
            onChange={(e) => setEffectiveFrom(e.target.value)}
          />
        )}
      </Field>
      <fieldset className="grid gap-3 sm:col-span-2">
        <legend className="mb-2 text-sm font-medium text-slate-900">
          Producers <span className="font-normal text-slate-600">(total {total}%)</span>
        </legend>
        {rows.map((row, index) => (
          <div
            key={row.key}
            className="grid items-end gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_9rem_7rem_auto]"
          >
            <Field
              id={`${id}-${row.key}-user`}
              label={`Producer ${index + 1}`}
              error={errors[`producers.${index}.userId`]}
            >
              {(control) => (
                <Select
                  {...control}
                  options={userOptions}
                  placeholder="Choose a producer"
                  value={row.userId}
                  onChange={(e) => change(row.key, { userId: e.target.value })}
                />
              )}
            </Field>
            <Field id={`${id}-${row.key}-role`} label="Role">
              {(control) => (
                <Select
                  {...control}
                  options={ROLE_OPTIONS}
                  value={row.role}
                  onChange={(e) => change(row.key, { role: e.target.value })}
                />
              )}
            </Field>
            <Field
              id={`${id}-${row.key}-percent`}
              label="Share (%)"
              error={errors[`producers.${index}.percent`]}
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  autoComplete="off"
                  value={row.percent}
                  onChange={(e) => change(row.key, { percent: e.target.value })}
                />
              )}
            </Field>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove producer ${index + 1}`}
              disabled={rows.length === 1}
              onClick={() => setRows((now) => now.filter((each) => each.key !== row.key))}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        {errors.producers && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {errors.producers}
          </p>
        )}
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={rows.length >= MAX_SPLIT_PRODUCERS}
          onClick={() => {
            setRows((now) => [...now, { key: nextKey.current++, userId: '', role: 'servicing', percent: '' }])
          }}
        >
          <Plus aria-hidden="true" />
          Add a producer
        </Button>
      </fieldset>
    </FormDialog>
  )
}
