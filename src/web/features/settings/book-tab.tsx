import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import {
  type BookSettings,
  MAX_REINSTATEMENT_WINDOW_DAYS,
  BOOK_SETTINGS_TEXTS as T,
} from '#shared/contracts/policies-book-settings.contract.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { Skeleton } from '#web/components/skeleton.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { bookSettingsQuery, useSaveBookSettings } from './settings.queries.ts'

interface BookForm {
  reinstatementWindowDays: string
}

const FIELDS = ['reinstatementWindowDays'] as const
const formOf = (settings: BookSettings): BookForm => ({
  reinstatementWindowDays: String(settings.reinstatementWindowDays),
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
  // The server judges the number and answers on the field; the browser only sends what was typed.
  const submit = form.handleSubmit((values) =>
    save.mutateAsync({ reinstatementWindowDays: Number(values.reinstatementWindowDays) }).then(
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
        <form onSubmit={submit} noValidate aria-label={T.title} className="grid gap-4 sm:max-w-md">
          <fieldset disabled={!canEdit || save.isPending} className="grid gap-4">
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
