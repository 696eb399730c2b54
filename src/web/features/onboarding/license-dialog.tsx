import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId } from 'react'
import { type Resolver, useForm } from 'react-hook-form'
import type { CallBody } from '#shared/contracts/call.ts'
import {
  type License,
  type LicenseInput,
  LicenseInputSchema,
  type updateLicenseCall,
} from '#shared/contracts/onboarding-records.contract.ts'
import { LICENSE_STATES, LICENSE_TYPES, ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { LICENSE_STATUSES } from '#shared/domain/license-status.ts'
import { Field } from '#web/components/field.tsx'
import { FormDialog } from '#web/components/form-dialog.tsx'
import { Input } from '#web/components/input.tsx'
import { Select } from '#web/components/select.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { AgentIdInput } from './agent-id-input.tsx'
import { useAddLicense, useUpdateLicense } from './onboarding.queries.ts'

type LicenseForm = {
  agentId: string
  licenseNumber: string
  state: string
  licenseType: string
  issueDate: string
  expirationDate: string
  status: string
  documentUrl: string
}
const FIELDS: (keyof LicenseForm)[] = [
  'agentId',
  'licenseNumber',
  'state',
  'licenseType',
  'issueDate',
  'expirationDate',
  'status',
  'documentUrl',
]
const resolver = zodResolver(LicenseInputSchema, undefined, { raw: true }) as unknown as Resolver<LicenseForm>
const options = (values: readonly string[], label = (value: string) => value) =>
  values.map((value) => ({ value, label: label(value) }))
type LicenseChange = CallBody<typeof updateLicenseCall>
const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  expired: 'Expired',
  suspended: 'Suspended',
  revoked: 'Revoked',
}

const valuesOf = (license: License | null): LicenseForm => ({
  agentId: license?.agentId ?? '',
  licenseNumber: license?.licenseNumber ?? '',
  state: license?.state ?? '',
  licenseType: license?.licenseType ?? '',
  issueDate: license?.issueDate ?? '',
  expirationDate: license?.expirationDate ?? '',
  status: license?.status ?? 'active',
  documentUrl: license?.documentUrl ?? '',
})

/** Add or edit a license. Lines of authority are shown, not edited (§3). */
export function LicenseDialog({
  license,
  open,
  onOpenChange,
}: {
  license: License | null
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const id = useId()
  const add = useAddLicense()
  const update = useUpdateLicense()
  const form = useForm<LicenseForm>({ resolver, defaultValues: valuesOf(license) })
  const { errors } = form.formState
  useEffect(() => form.reset(valuesOf(license)), [license, form])
  const done = (text: string) => {
    showToast({ title: text, variant: 'success' })
    onOpenChange(false)
  }
  const failed = (text: string) => (error: unknown) => {
    applyFieldErrors(error, FIELDS, form.setError)
    showToast({
      title: text,
      description: isApiError(error) && error.status < 500 ? error.message : undefined,
      variant: 'destructive',
    })
  }
  const submit = form.handleSubmit(
    (values) => {
      // The resolver checked the values against the contract, so its choices are the known ones.
      const body = values as unknown as LicenseInput & LicenseChange
      if (license)
        update.mutate(
          { id: license.id, body },
          { onSuccess: () => done(T.licenseUpdated), onError: failed(T.licenseUpdateFailed) },
        )
      else add.mutate(body, { onSuccess: () => done(T.licenseAdded), onError: failed(T.licenseAddFailed) })
    },
    () => showToast({ title: T.required, variant: 'destructive' }),
  )
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={license ? 'Edit License' : 'Add License'}
      description="The agent's state license. Its expiry drives the alerts and the reminders at 90, 30 and 0 days."
      submitLabel={license ? 'Save License' : 'Add License'}
      pending={add.isPending || update.isPending}
      onSubmit={submit}
    >
      <Field id={`${id}-agent`} label="Agent ID" error={errors.agentId?.message}>
        {(control) => (
          <AgentIdInput {...control} query={form.watch('agentId')} {...form.register('agentId')} />
        )}
      </Field>
      <Field id={`${id}-number`} label="License number" error={errors.licenseNumber?.message}>
        {(control) => <Input {...control} {...form.register('licenseNumber')} />}
      </Field>
      <Field id={`${id}-state`} label="State" error={errors.state?.message}>
        {(control) => (
          <Select
            {...control}
            placeholder="Select a state"
            options={options(LICENSE_STATES)}
            {...form.register('state')}
          />
        )}
      </Field>
      <Field id={`${id}-type`} label="License type" error={errors.licenseType?.message}>
        {(control) => (
          <Select
            {...control}
            placeholder="Select a type"
            options={options(LICENSE_TYPES)}
            {...form.register('licenseType')}
          />
        )}
      </Field>
      <Field id={`${id}-issued`} label="Issue date" error={errors.issueDate?.message}>
        {(control) => <Input {...control} type="date" {...form.register('issueDate')} />}
      </Field>
      <Field id={`${id}-expires`} label="Expiration date" error={errors.expirationDate?.message}>
        {(control) => <Input {...control} type="date" {...form.register('expirationDate')} />}
      </Field>
      <Field id={`${id}-status`} label="Status" error={errors.status?.message}>
        {(control) => (
          <Select
            {...control}
            options={options(LICENSE_STATUSES, (value) => STATUS_LABELS[value] ?? value)}
            {...form.register('status')}
          />
        )}
      </Field>
      <Field id={`${id}-url`} label="Document link (optional)" error={errors.documentUrl?.message}>
        {(control) => <Input {...control} type="url" {...form.register('documentUrl')} />}
      </Field>
      {license && license.linesOfAuthority.length > 0 && (
        <p className="text-sm text-slate-600 sm:col-span-2">{`Lines of authority: ${license.linesOfAuthority.join(', ')}`}</p>
      )}
    </FormDialog>
  )
}
