import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import {
  type Branding,
  type BrandingInput,
  SETTINGS_TEXTS as T,
  THEME_LABELS,
  THEME_STYLES,
} from '#shared/contracts/settings.contract.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { Select } from '#web/components/select.tsx'
import { Skeleton } from '#web/components/skeleton.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { type BrandingForm, ColorField } from './color-field.tsx'
import { LogoUpload } from './logo-upload.tsx'
import { brandingQuery, useSaveBranding } from './settings.queries.ts'

const FIELDS = ['organizationName', 'customDomain', 'primaryColor', 'accentColor', 'themeStyle'] as const
const THEME_OPTIONS = THEME_STYLES.map((value) => ({ value, label: THEME_LABELS[value] }))

function formOf(branding: Branding): BrandingForm {
  return {
    organizationName: branding.organizationName ?? '',
    customDomain: branding.customDomain ?? '',
    primaryColor: branding.primaryColor,
    accentColor: branding.accentColor,
    themeStyle: branding.themeStyle,
  }
}

/** Settings › Branding (executive plan): applied to the shell of everyone in the agency on save. */
export function BrandingTab() {
  const { data, error } = useQuery(brandingQuery)
  if (error) throw error
  if (!data) return <Skeleton className="h-96 w-full" />
  return <BrandingCard branding={data.branding} canEdit={data.canEdit} />
}

function BrandingCard({ branding, canEdit }: { branding: Branding; canEdit: boolean }) {
  const save = useSaveBranding()
  const form = useForm<BrandingForm>({ defaultValues: formOf(branding) })
  const { register, handleSubmit, setError, formState } = form
  const { errors } = formState
  const submit = handleSubmit((values) =>
    save.mutateAsync(values as BrandingInput).then(
      (answer) => {
        form.reset(formOf(answer.branding))
        showToast({ title: T.brandingSaved, variant: 'success' })
      },
      (failure: unknown) => {
        applyFieldErrors(failure, FIELDS, setError)
        showToast({
          title: T.brandingFailed,
          description: isApiError(failure) ? failure.message : undefined,
          variant: 'destructive',
        })
      },
    ),
  )
  return (
    <Card>
      <CardHeader>
        <CardTitle>Branding</CardTitle>
        <CardDescription>
          Your agency's name, logo and colours in the menu, for everyone in the agency
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {!canEdit && <Alert>{T.brandingAdminsOnly}</Alert>}
        <LogoUpload logoUrl={branding.logoUrl} disabled={!canEdit} />
        <form onSubmit={submit} noValidate className="grid gap-4 sm:max-w-2xl">
          <fieldset disabled={!canEdit || save.isPending} className="grid gap-4 sm:grid-cols-2">
            <Field
              id="branding-organization"
              label="Organization name"
              error={errors.organizationName?.message}
            >
              {(control) => (
                <Input {...control} autoComplete="organization" {...register('organizationName')} />
              )}
            </Field>
            <Field
              id="branding-domain"
              label="Custom domain"
              hint={T.customDomainHint}
              error={errors.customDomain?.message}
            >
              {(control) => <Input {...control} inputMode="url" {...register('customDomain')} />}
            </Field>
            <ColorField
              form={form}
              name="primaryColor"
              label="Primary color"
              error={errors.primaryColor?.message}
            />
            <ColorField
              form={form}
              name="accentColor"
              label="Accent color"
              error={errors.accentColor?.message}
            />
            <Field id="branding-theme" label="Theme style" error={errors.themeStyle?.message}>
              {(control) => <Select {...control} options={THEME_OPTIONS} {...register('themeStyle')} />}
            </Field>
          </fieldset>
          <div>
            <Button type="submit" disabled={!canEdit || save.isPending}>
              {T.saveBranding}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
