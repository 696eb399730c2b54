import { zodResolver } from '@hookform/resolvers/zod'
import { type UseFormReturn, useForm } from 'react-hook-form'
import { type Client, type ClientInput, ClientInputSchema } from '#shared/contracts/clients.contract.ts'
import { CLIENT_MESSAGES } from '#shared/contracts/clients-texts.ts'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/card.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { CLIENT_FIELDS, CLIENT_SECTIONS } from './client-fields.ts'
import { ClientFormField } from './client-form-field.tsx'
import { ClientFormSuggestions } from './client-form-suggestions.tsx'
import { isSensitiveField, toFormValues, toUpdateBody } from './client-form-values.ts'
import { useUpdateClientMutation } from './clients.queries.ts'

export const CLIENT_UPDATED = 'Client updated successfully'

const FIELD_NAMES = CLIENT_FIELDS.map((spec) => spec.name)

interface ClientEditFormProps {
  client: Client
  onDone: () => void
}

/** Every field of the record, validated with the same schema as the server. */
export function ClientEditForm({ client, onDone }: ClientEditFormProps) {
  const update = useUpdateClientMutation(client.id)
  const form = useForm<ClientInput>({
    resolver: zodResolver(ClientInputSchema, undefined, { raw: true }),
    defaultValues: toFormValues(client),
  })

  function save(values: ClientInput) {
    update.mutate(toUpdateBody(values), {
      onSuccess: () => {
        showToast({ title: CLIENT_UPDATED, variant: 'success' })
        onDone()
      },
      onError: (error) => {
        applyFieldErrors(error, FIELD_NAMES, form.setError)
        showToast({
          title: CLIENT_MESSAGES.updateFailed,
          description: isApiError(error) ? error.message : undefined,
          variant: 'destructive',
        })
      },
    })
  }

  return (
    <form noValidate aria-label="Edit client" className="grid gap-6" onSubmit={form.handleSubmit(save)}>
      {CLIENT_SECTIONS.map((section) => (
        <ClientSection key={section.title} section={section} form={form} client={client} />
      ))}
      <div className="sticky bottom-0 -mx-4 flex flex-col-reverse gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 sm:mx-0 sm:flex-row sm:justify-end sm:rounded-lg sm:border">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  )
}

/** One section of the record as a card; the assistant's suggestions follow the address. */
function ClientSection({
  section,
  form,
  client,
}: {
  section: (typeof CLIENT_SECTIONS)[number]
  form: UseFormReturn<ClientInput>
  client: Client
}) {
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>{section.title}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {section.fields.map((spec) => (
            <ClientFormField
              key={spec.name}
              spec={spec}
              form={form}
              onFile={isSensitiveField(spec.name) ? client[spec.name] : undefined}
            />
          ))}
        </CardContent>
      </Card>
      {section.title === 'Address' && <ClientFormSuggestions form={form} />}
    </>
  )
}
