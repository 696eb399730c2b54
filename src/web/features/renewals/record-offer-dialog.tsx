import { useId, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { type Renewal, RenewalOfferInputSchema } from '#shared/contracts/renewals.contract.ts'
import { toCents, toDollars } from '#shared/domain/policy-ledger.ts'
import { premiumChange } from '#shared/domain/renewal-pipeline.ts'
import { Button } from '#web/components/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/dialog.tsx'
import { Field } from '#web/components/field.tsx'
import { FormDialog } from '#web/components/form-dialog.tsx'
import { Input } from '#web/components/input.tsx'
import { Select } from '#web/components/select.tsx'
import { Textarea } from '#web/components/textarea.tsx'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { amountOf, contractResolver } from '#web/lib/contract-resolver.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { AtRiskBadge, formatChange } from './renewal-cells.tsx'
import { type RenewalDialogProps, toastFailure } from './renewal-dialog.ts'
import { fill, RENEWAL_WORDS as W } from './renewal-texts.ts'
import { type RenewalOfferEntry, useRecordOffer } from './renewals.queries.ts'

type OfferForm = { premium: string; termMonths: string; effectiveDate: string; changes: string }
const FIELDS: (keyof OfferForm)[] = ['premium', 'termMonths', 'effectiveDate', 'changes']
const EMPTY: OfferForm = { premium: '', termMonths: '12', effectiveDate: '', changes: '' }
const TERM_OPTIONS = [6, 12].map((months) => ({ value: String(months), label: fill(W.months, { months }) }))

const resolver = contractResolver<OfferForm, RenewalOfferEntry>(RenewalOfferInputSchema, (values) => ({
  premium: amountOf(values.premium),
  termMonths: Number(values.termMonths),
  effectiveDate: values.effectiveDate || undefined,
  changes: values.changes.trim() || undefined,
}))

/** The change from the expiring premium as the premium is typed, by the rule the server applies. */
function changeWhileTyping(expiringPremium: number, typed: string): string | null {
  const premium = amountOf(typed)
  if (premium === undefined || !Number.isFinite(premium) || premium < 0) return null
  const change = premiumChange(toCents(expiringPremium), toCents(premium))
  return formatChange(toDollars(change.changeCents), change.changePercent)
}

/**
 * The carrier's renewal offer entered by hand. The change from the expiring premium shows as it is
 * typed; once recorded, the server's answer says whether it is past the agency's threshold.
 */
export function RecordOfferDialog({ renewal, open, onOpenChange }: RenewalDialogProps) {
  const id = useId()
  const record = useRecordOffer(renewal.id)
  const [recorded, setRecorded] = useState<Renewal | null>(null)
  const form = useForm<OfferForm, unknown, RenewalOfferEntry>({ resolver, defaultValues: EMPTY })
  const typed = useWatch({ control: form.control, name: 'premium' })
  const { errors } = form.formState
  const close = (next: boolean) => {
    if (!next) {
      form.reset(EMPTY)
      setRecorded(null)
    }
    onOpenChange(next)
  }
  const submit = form.handleSubmit((input) =>
    record.mutate(input, {
      onSuccess: (answer) => {
        showToast({ title: W.offerRecorded, variant: 'success' })
        setRecorded(answer)
      },
      onError: (error) => {
        applyFieldErrors(error, FIELDS, form.setError)
        toastFailure(W.offerFailed, error)
      },
    }),
  )
  if (recorded) return <OfferResult renewal={recorded} open={open} onClose={() => close(false)} />
  const change = changeWhileTyping(renewal.expiringPremium, typed)
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={W.offerTitle}
      description={W.offerDescription}
      submitLabel={W.recordOffer}
      pending={record.isPending}
      onSubmit={submit}
    >
      <Field id={`${id}-premium`} label={W.premium} error={errors.premium?.message}>
        {(control) => (
          <Input {...control} autoComplete="off" inputMode="decimal" {...form.register('premium')} />
        )}
      </Field>
      <Field id={`${id}-termMonths`} label={W.term} error={errors.termMonths?.message}>
        {(control) => <Select {...control} options={TERM_OPTIONS} {...form.register('termMonths')} />}
      </Field>
      <p className="text-sm text-slate-700 sm:col-span-2" aria-live="polite">
        {W.changeFromExpiring}: <strong className="tabular-nums">{change ?? W.noMilestone}</strong>
      </p>
      <Field
        id={`${id}-effectiveDate`}
        label={W.effectiveDate}
        hint={W.effectiveHint}
        error={errors.effectiveDate?.message}
      >
        {(control) => <Input {...control} type="date" {...form.register('effectiveDate')} />}
      </Field>
      <Field id={`${id}-changes`} label={W.changes} className="sm:col-span-2" error={errors.changes?.message}>
        {(control) => <Textarea {...control} rows={3} maxLength={2000} {...form.register('changes')} />}
      </Field>
    </FormDialog>
  )
}

/** What the server made of the offer: its change, and whether it put the renewal at risk. */
function OfferResult({ renewal, open, onClose }: { renewal: Renewal; open: boolean; onClose: () => void }) {
  const change =
    renewal.changeAmount === null ? W.noMilestone : formatChange(renewal.changeAmount, renewal.changePercent)
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{W.offerRecorded}</DialogTitle>
          <DialogDescription>{fill(W.offerResult, { change })}</DialogDescription>
        </DialogHeader>
        <div role="status" className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
          {renewal.atRisk && <AtRiskBadge />}
          <span>{renewal.atRisk ? W.offerAtRisk : W.offerNotAtRisk}</span>
        </div>
        <DialogFooter>
          <Button onClick={onClose}>{W.done}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
