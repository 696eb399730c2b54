import { Check, Copy } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#web/components/button.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'

/** A read-only value with a Copy button (the field still selects for a manual copy). */
export function CopyField({
  id,
  label,
  value,
  hint,
}: {
  id: string
  label: string
  value: string
  hint?: string
}) {
  const [copied, setCopied] = useState(false)

  async function copy() {
    try {
      await navigator.clipboard.writeText(value)
      setCopied(true)
    } catch {
      // No clipboard (an insecure page, a refused permission): the field is there to select.
      document.getElementById(id)?.focus()
    }
  }

  return (
    <Field id={id} label={label} hint={hint}>
      {(control) => (
        <div className="flex gap-2">
          <Input
            {...control}
            readOnly
            value={value}
            onFocus={(event) => event.target.select()}
            className="font-mono"
          />
          <Button
            variant="outline"
            size="sm"
            aria-label={`${copied ? 'Copied' : 'Copy'} ${label}`}
            onClick={copy}
          >
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
      )}
    </Field>
  )
}
