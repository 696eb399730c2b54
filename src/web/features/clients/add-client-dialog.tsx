import { zodResolver } from '@hookform/resolvers/zod'
import { type UseFormReturn, useForm, useWatch } from 'react-hook-form'
import { type ClientInput, ClientInputSchema } from '#shared/contracts/clients.contract.ts'
import { CLIENT_MESSAGES } from '#shared/contracts/clients-texts.ts'
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
import { Textarea } from '#web/components/textarea.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { FormSuggestions } from '#web/lib/form-assist.tsx'
import { showToast } from '#web/lib/toast-store.ts'
import { useCreateClientMutation } from './clients.queries.ts'

/** Spec part 1 §2 Add New Client: these fields, in this order. */
const FIELDS = [
  ['firstName', 'First name', 'text', 'given-name'],
  ['lastName', 'Last name', 'text', 'family-name'],
  ['email', 'Email', 'email', 'email'],
  ['phone', 'Phone', 'tel', 'tel'],
  ['dateOfBirth', 'Date of birth', 'date', 'bday'],
  ['address', 'Address', 'text', 'street-address'],
  ['city', 'City', 'text', 'address-level2'],
  ['state', 'State', 'text', 'address-level1'],
  ['zipCode', 'ZIP code', 'text', 'postal-code'],
] as const satisfies readonly [keyof ClientInput, string, string, string][]

const FIELD_NAMES = [...FIELDS.map(([name]) => name), 'notes' as const]

const EMPTY: ClientInput = Object.fromEntries(FIELD_NAMES.map((name) => [name, ''])) as unknown as ClientInput

interface AddClientDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

export function AddClientDialog({ open, onOpenChange }: AddClientDialogProps) {
  const create = useCreateClientMutation()
  const form = useForm<ClientInput>({
    resolver: zodResolver(ClientInputSchema, undefined, { raw: true }),
    defaultValues: EMPTY,
  })

  function close(next: boolean) {
    if (!next) form.reset(EMPTY)
    onOpenChange(next)
  }

  function submit(input: ClientInput) {
    create.mutate(input, {
      onSuccess: () => {
        showToast({ title: CLIENT_MESSAGES.added, variant: 'success' })
        close(false)
      },
      onError: (error) => {
        applyFieldErrors(error, FIELD_NAMES, form.setError)
        showToast({
          title: CLIENT_MESSAGES.addFailed,
          description: isApiError(error) ? error.message : undefined,
          variant: 'destructive',
        })
      },
    })
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add New Client</DialogTitle>
          <DialogDescription>Enter the client's contact details. Notes are optional.</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(submit)}>
          <ClientContactFields form={form} />
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Adding...' : 'Add Client'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

/** What the assistant's suggestions fill here (from the ZIP code): the rest are the person's to give. */
const SUGGESTED = ['city', 'state'] as const

function ClientContactFields({ form }: { form: UseFormReturn<ClientInput> }) {
  const { errors } = form.formState
  const [zipCode, city, state] = useWatch({ control: form.control, name: ['zipCode', ...SUGGESTED] })
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {FIELDS.map(([name, label, type, autoComplete]) => (
        <Field key={name} id={`add-client-${name}`} label={label} error={errors[name]?.message}>
          {(control) => (
            <Input {...control} type={type} autoComplete={autoComplete} {...form.register(name)} />
          )}
        </Field>
      ))}
      <FormSuggestions
        formType="client"
        fieldNames={SUGGESTED}
        values={{ zipCode, city, state }}
        fill={(name, value) =>
          form.setValue(name as (typeof SUGGESTED)[number], value, {
            shouldDirty: true,
            shouldValidate: form.formState.isSubmitted,
          })
        }
        className="sm:col-span-2"
      />
      <Field
        id="add-client-notes"
        label="Notes (optional)"
        className="sm:col-span-2"
        error={errors.notes?.message}
      >
        {(control) => <Textarea {...control} rows={3} {...form.register('notes')} />}
      </Field>
    </div>
  )
}
