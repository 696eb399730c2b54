import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import {
  type BookSettings,
  MAX_REINSTATEMENT_WINDOW_DAYS,
  BOOK_SETTINGS_TEXTS as T,
} from '#shared/contracts/policies-book-settings.contract.ts'
import { MILESTONES } from '#shared/domain/renewal-pipeline.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { Skeleton } from '#web/components/skeleton.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { type BookForm, RenewalSettingsFields } from './renewal-settings-fields.tsx'
import { bookSettingsQuery, useSaveBookSettings } from './settings.queries.ts'

const FIELDS = [
  'reinstatementWindowDays',
  'renewalHorizonDays',
  ...MILESTONES.map((milestone) => `renewalMilestoneDays.${milestone}` as const),
  'renewalAtRiskPercent',
  'renewalAtRiskDollars',
  'timeZone',
] as const

const formOf = (settings: BookSettings): BookForm => ({
  reinstatementWindowDays: String(settings.reinstatementWindowDays),
  renewalHorizonDays: String(settings.renewalHorizonDays),
  renewalMilestoneDays: {
    review: String(settings.renewalMilestoneDays.review),
    remarket_decision: String(settings.renewalMilestoneDays.remarket_decision),
    quotes_compared: String(settings.renewalMilestoneDays.quotes_compared),
    client_contacted: String(settings.renewalMilestoneDays.client_contacted),
  },
  renewalAtRiskPercent: String(settings.renewalAtRiskPercent),
  renewalAtRiskDollars: String(settings.renewalAtRiskDollars),
  timeZone: settings.timeZone,
})

// The server judges the numbers and answers on the fields; the browser only sends what was typed.
const settingsOf = (form: BookForm): BookSettings => ({
  reinstatementWindowDays: Number(form.reinstatementWindowDays),
  renewalHorizonDays: Number(form.renewalHorizonDays),
  renewalMilestoneDays: {
    review: Number(form.renewalMilestoneDays.review),
    remarket_decision: Number(form.renewalMilestoneDays.remarket_decision),
    quotes_compared: Number(form.renewalMilestoneDays.quotes_compared),
    client_contacted: Number(form.renewalMilestoneDays.client_contacted),
  },
  renewalAtRiskPercent: Number(form.renewalAtRiskPercent),
  renewalAtRiskDollars: Number(form.renewalAtRiskDollars),
  timeZone: form.timeZone,
})

/** Settings › Book: how the agency runs its book of business, for everyone in it; admins change it. */
export function BookTab() {
  const { data, error } = useQuery(bookSettingsQuery)
  if (error) throw error
  if (!data) return <Skeleton className="h-48 w-full" />
  return <BookCard settings={data.settings} canEdit={data.canEdit} />
}

function BookCard({ settings, canEdit }: { settings: BookSettings; canEdit: boolean }) {
  const save = useSaveBookSettings()
  const form = useForm<BookForm>({ defaultValues: formOf(settings) })
  const { errors } = form.formState
  const submit = form.handleSubmit((values) =>
    save.mutateAsync(settingsOf(values)).then(
      (answer) => {
        form.reset(formOf(answer.settings))
        showToast({ title: T.saved, variant: 'success' })
      },
      (failure: unknown) => {
        applyFieldErrors(failure, FIELDS, form.setError)
        showToast({
          title: T.saveFailed,
          description: isApiError(failure) ? failure.message : undefined,
          variant: 'destructive',
        })
      },
    ),
  )
  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.title}</CardTitle>
        <CardDescription>How your agency runs its policies, for everyone in the agency</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {!canEdit && <Alert>{T.adminsOnly}</Alert>}
        <form onSubmit={submit} noValidate aria-label={T.title} className="grid gap-6 sm:max-w-xl">
          <fieldset disabled={!canEdit || save.isPending} className="grid gap-6">
            <Field
              id="book-reinstatement-window"
              label="Reinstatement window (days)"
              hint={`A cancelled policy can be reinstated for this many days after its cancellation's effective date (1 to ${MAX_REINSTATEMENT_WINDOW_DAYS}).`}
              error={errors.reinstatementWindowDays?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={MAX_REINSTATEMENT_WINDOW_DAYS}
                  className="w-32"
                  {...form.register('reinstatementWindowDays')}
                />
              )}
            </Field>
            <RenewalSettingsFields form={form} />
          </fieldset>
          <div>
            <Button type="submit" disabled={!canEdit || save.isPending}>
              Save
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
