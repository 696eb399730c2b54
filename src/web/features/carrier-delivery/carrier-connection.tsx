import { useQuery } from '@tanstack/react-query'
import { KeyRound } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Button } from '#web/components/button.tsx'
import { CopyField } from '#web/components/copy-field.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { carrierConnectionQuery, useUpdateCarrierConnection } from './carrier-delivery.queries.ts'

export const CONNECTION_NOTES = {
  secretOnce: 'Copy it now: it is shown only once.',
  loadFailed: 'The connection could not be loaded.',
} as const

/** Where we send this carrier's applications, and how the carrier reports back (issue #5). */
export function CarrierConnection({ carrierId }: { carrierId: string }) {
  const connection = useQuery(carrierConnectionQuery(carrierId))
  return (
    <section
      aria-labelledby="carrier-connection-heading"
      className="grid gap-3 border-t border-slate-200 pt-4"
    >
      <h3 id="carrier-connection-heading" className="font-semibold text-slate-900">
        Carrier connection
      </h3>
      {connection.data ? (
        <ConnectionForm
          carrierId={carrierId}
          savedEndpoint={connection.data.apiEndpoint}
          hasSecret={connection.data.hasSecret}
          webhookUrl={connection.data.webhookUrl}
        />
      ) : connection.isError ? (
        <p className="text-sm text-slate-600">{CONNECTION_NOTES.loadFailed}</p>
      ) : (
        <Spinner label="Loading the connection" />
      )}
    </section>
  )
}

interface ConnectionFormProps {
  carrierId: string
  savedEndpoint: string | null
  hasSecret: boolean
  webhookUrl: string
}

function ConnectionForm({ carrierId, savedEndpoint, hasSecret, webhookUrl }: ConnectionFormProps) {
  const [endpoint, setEndpoint] = useState(savedEndpoint ?? '')
  const [endpointError, setEndpointError] = useState<string>()
  const [secret, setSecret] = useState<string>()
  const update = useUpdateCarrierConnection(carrierId)

  function showEndpointError(error: Error) {
    if (!isApiError(error)) return setEndpointError('The connection could not be saved.')
    const field = error.fieldErrors.find((fieldError) => fieldError.path === 'apiEndpoint')
    setEndpointError(field?.message ?? error.message)
  }

  // Sends the endpoint alone, so the saved secret stays as it is.
  function save(event: FormEvent) {
    event.preventDefault()
    setEndpointError(undefined)
    update.mutate(
      { apiEndpoint: endpoint.trim() || null },
      {
        onSuccess: () => showToast({ title: 'Connection saved', variant: 'success' }),
        onError: showEndpointError,
      },
    )
  }

  // Sends the rotation alone: the saved endpoint stays, whatever is typed and not yet saved.
  function rotate() {
    setEndpointError(undefined)
    update.mutate(
      { rotateSecret: true },
      {
        onSuccess: (answer) => setSecret(answer.secret),
        onError: (error) => {
          // Without a connection the server asks for the endpoint first: say it on the field.
          if (isApiError(error, 400)) return showEndpointError(error)
          showToast({
            title: 'Could not generate a secret',
            description: isApiError(error) ? error.message : undefined,
            variant: 'destructive',
          })
        },
      },
    )
  }

  return (
    <div className="grid gap-4">
      <form noValidate onSubmit={save} className="grid gap-2">
        <Field
          id={`api-endpoint-${carrierId}`}
          label="API endpoint"
          hint="The https:// address the carrier gave you; leave empty to send by email or packet."
          error={endpointError}
        >
          {(control) => (
            <Input
              {...control}
              type="url"
              inputMode="url"
              placeholder="https://api.carrier.example/submissions"
              value={endpoint}
              onChange={(event) => setEndpoint(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" size="sm" className="justify-self-start" disabled={update.isPending}>
          Save
        </Button>
      </form>
      <CopyField id={`webhook-url-${carrierId}`} label="Webhook URL" value={webhookUrl} />
      <div className="grid gap-2">
        <p className="text-sm text-slate-700">
          {hasSecret ? 'A shared secret is set.' : 'No shared secret yet.'} It signs our requests and checks
          the carrier's webhooks.
        </p>
        <Button
          size="sm"
          variant="outline"
          className="justify-self-start"
          disabled={update.isPending}
          onClick={rotate}
        >
          <KeyRound aria-hidden="true" />
          Generate new secret
        </Button>
        {secret && (
          <CopyField
            id={`secret-${carrierId}`}
            label="Shared secret"
            value={secret}
            hint={CONNECTION_NOTES.secretOnce}
          />
        )}
      </div>
    </div>
  )
}
