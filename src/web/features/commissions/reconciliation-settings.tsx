import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import {
  type CommissionSettings,
  CommissionSettingsSchema,
  STATEMENT_TEXTS as T,
} from '#shared/contracts/commissions-statements.contract.ts'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { amountOf, contractResolver } from '#web/lib/contract-resolver.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { commissionSettingsQuery, useSaveCommissionSettings } from './commission-exceptions.queries.ts'
import { EXCEPTION_WORDS as W } from './exception-texts.ts'

type SettingsForm = { [K in keyof CommissionSettings]: string }
const FIELDS: (keyof SettingsForm)[] = ['toleranceDollars', 'tolerancePercent', 'neverPaidDays']

const resolver = contractResolver<SettingsForm, CommissionSettings>(CommissionSettingsSchema, (values) => ({
  toleranceDollars: amountOf(values.toleranceDollars),
  tolerancePercent: amountOf(values.tolerancePercent),
  neverPaidDays: amountOf(values.neverPaidDays),
}))

const textsOf = (settings: CommissionSettings): SettingsForm => ({
  toleranceDollars: String(settings.toleranceDollars),
  tolerancePercent: String(settings.tolerancePercent),
  neverPaidDays: String(settings.neverPaidDays),
})

/**
 * The agency's reconciliation settings: agency admins change them here; everyone else reads them.
 * A change applies to statements imported after it and to the next never-paid run.
 */
export function ReconciliationSettings() {
  const { data } = useQuery(commissionSettingsQuery)
  if (!data) return null
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{W.settingsTitle}</CardTitle>
        <CardDescription>{W.settingsDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {data.canEdit ? (
          <SettingsForm settings={data} />
        ) : (
          <p className="text-sm text-slate-700">
            {`Tolerance $${data.toleranceDollars} or ${data.tolerancePercent}%; never paid after ${data.neverPaidDays} days. ${T.adminsOnly}`}
          </p>
        )}
      </CardContent>
    </Card>
  )
}

function SettingsForm({ settings }: { settings: CommissionSettings }) {
  const id = useId()
  const save = useSaveCommissionSettings()
  const form = useForm<SettingsForm, unknown, CommissionSettings>({ resolver, values: textsOf(settings) })
  const { errors } = form.formState
  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => showToast({ title: W.settingsSaved, variant: 'success' }),
      onError: (error) => {
        applyFieldErrors(error, FIELDS, form.setError)
        showToast({
          title: W.settingsFailed,
          description: isApiError(error) && error.status < 500 ? error.message : undefined,
          variant: 'destructive',
        })
      },
    }),
  )
  const input = (name: keyof SettingsForm, label: string) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]?.message}>
      {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...form.register(name)} />}
    </Field>
  )
  return (
    <form noValidate onSubmit={submit} className="grid items-start gap-4 sm:grid-cols-3">
      {input('toleranceDollars', W.toleranceDollars)}
      {input('tolerancePercent', W.tolerancePercent)}
      {input('neverPaidDays', W.neverPaidDays)}
      <div className="sm:col-span-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : W.saveSettings}
        </Button>
      </div>
    </form>
  )
}
