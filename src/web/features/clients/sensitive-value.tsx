import { Eye, EyeOff } from 'lucide-react'
import { useState } from 'react'
import type { SensitiveClientField } from '#shared/contracts/clients.contract.ts'
import { Button } from '#web/components/button.tsx'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { EMPTY_VALUE } from './client-display.ts'
import { useRevealClientField } from './clients.queries.ts'

interface SensitiveValueProps {
  clientId: string
  field: SensitiveClientField
  label: string
  masked: string | null
}

/**
 * The masked value, and on request the real one (the server audits each reveal). The clear value
 * is held in this component's state only: it goes when the user hides it or leaves the page.
 */
export function SensitiveValue({ clientId, field, label, masked }: SensitiveValueProps) {
  const reveal = useRevealClientField(clientId)
  const [clear, setClear] = useState<string | null>(null)
  if (!masked) return <span>{EMPTY_VALUE}</span>

  function show() {
    reveal.mutate(field, {
      onSuccess: ({ value }) => {
        setClear(value ?? EMPTY_VALUE)
        reveal.reset()
      },
      onError: (error) =>
        showToast({
          title: `Could not reveal ${label}`,
          description: isApiError(error) ? error.message : undefined,
          variant: 'destructive',
        }),
    })
  }

  return (
    <span className="flex flex-wrap items-center gap-2">
      <span aria-live="polite" className="font-mono">
        {clear ?? masked}
      </span>
      {clear === null ? (
        <Button
          variant="link"
          size="sm"
          className="px-1 sm:h-auto"
          disabled={reveal.isPending}
          onClick={show}
          aria-label={`Reveal ${label}`}
        >
          <Eye aria-hidden="true" />
          Reveal
        </Button>
      ) : (
        <Button
          variant="link"
          size="sm"
          className="px-1 sm:h-auto"
          onClick={() => setClear(null)}
          aria-label={`Hide ${label}`}
        >
          <EyeOff aria-hidden="true" />
          Hide
        </Button>
      )}
    </span>
  )
}
