import { useId } from 'react'
import { Controller, type FieldErrors, useForm } from 'react-hook-form'
import { CARRIER_TEXTS, PRIMARY_STATES, SUBMISSION_METHODS } from '#shared/contracts/carriers.contract.ts'
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
import { Input } from '#web/components/input.tsx'
import { Select } from '#web/components/select.tsx'
import { Textarea } from '#web/components/textarea.tsx'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import {
  CARRIER_FIELDS,
  type CarrierForm,
  carrierResolver,
  EMPTY_CARRIER,
  toCarrierInput,
  upperCaseInput,
} from './add-carrier-form.ts'
import { CarrierTypeChoices } from './carrier-type-choices.tsx'
import { useCreateCarrier } from './carriers.queries.ts'

const METHOD_LABELS = { api: 'API', pdf: 'PDF', email: 'Email', manual: 'Manual' } as const
const STATE_OPTIONS = PRIMARY_STATES.map((state) => ({ value: state, label: state }))
const METHOD_OPTIONS = SUBMISSION_METHODS.map((method) => ({ value: method, label: METHOD_LABELS[method] }))

interface AddCarrierDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

export function AddCarrierDialog({ open, onOpenChange }: AddCarrierDialogProps) {
  const id = useId()
  const create = useCreateCarrier()
  const form = useForm<CarrierForm>({ resolver: carrierResolver, defaultValues: EMPTY_CARRIER })
  const { errors } = form.formState
  const code = form.register('code')

  function close(next: boolean) {
    if (!next) form.reset(EMPTY_CARRIER)
    onOpenChange(next)
  }

  function invalid(found: FieldErrors<CarrierForm>) {
    if (!found.supportedTypes) return
    const { validationTitle, typeRequired } = CARRIER_TEXTS
    showToast({ title: validationTitle, description: typeRequired, variant: 'destructive' })
  }

  function submit(values: CarrierForm) {
    create.mutate(toCarrierInput(values), {
      onSuccess: () => {
        showToast({ title: CARRIER_TEXTS.addedTitle, description: CARRIER_TEXTS.added, variant: 'success' })
        close(false)
      },
      onError: (error) => {
        const fieldErrors = isApiError(error) ? error.fieldErrors : []
        for (const { path, message } of fieldErrors) {
          const name = CARRIER_FIELDS.find((field) => field === path)
          if (name) form.setError(name, { type: 'server', message })
        }
        // A named reason (a duplicate code) beats the generic failure text.
        const reason = fieldErrors[0]?.message ?? (isApiError(error, 409) ? error.message : undefined)
        const description = reason ?? CARRIER_TEXTS.addFailed
        showToast({ title: CARRIER_TEXTS.addFailedTitle, description, variant: 'destructive' })
      },
    })
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Add Carrier</DialogTitle>
          <DialogDescription>Add a carrier your agency works with. It starts active.</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={form.handleSubmit(submit, invalid)}>
          <Field id={`${id}-name`} label="Carrier name" error={errors.name?.message}>
            {(control) => <Input {...control} {...form.register('name')} />}
          </Field>
          <Field
            id={`${id}-code`}
            label="Carrier code"
            hint="Letters, digits and dashes"
            error={errors.code?.message}
          >
            {(control) => (
              <Input
                {...control}
                autoCapitalize="characters"
                maxLength={12}
                {...code}
                onChange={(event) => {
                  upperCaseInput(event)
                  return code.onChange(event)
                }}
              />
            )}
          </Field>
          <Field id={`${id}-state`} label="Primary state" error={errors.state?.message}>
            {(control) => (
              <Select
                {...control}
                placeholder="Select a state"
                options={STATE_OPTIONS}
                {...form.register('state')}
              />
            )}
          </Field>
          <Field id={`${id}-method`} label="Submission method" error={errors.submissionMethod?.message}>
            {(control) => (
              <Select {...control} options={METHOD_OPTIONS} {...form.register('submissionMethod')} />
            )}
          </Field>
          <Controller
            control={form.control}
            name="supportedTypes"
            render={({ field }) => (
              <CarrierTypeChoices
                id={`${id}-type`}
                value={field.value}
                onChange={field.onChange}
                error={errors.supportedTypes?.message}
              />
            )}
          />
          <Field
            id={`${id}-email`}
            label="Contact email (optional)"
            className="sm:col-span-2"
            error={errors.contactEmail?.message}
          >
            {(control) => (
              <Input {...control} type="email" autoComplete="off" {...form.register('contactEmail')} />
            )}
          </Field>
          <Field
            id={`${id}-notes`}
            label="Notes (optional)"
            className="sm:col-span-2"
            error={errors.notes?.message}
          >
            {(control) => <Textarea {...control} rows={3} {...form.register('notes')} />}
          </Field>
          <DialogFooter className="sm:col-span-2">
            <Button variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Adding...' : 'Add Carrier'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
