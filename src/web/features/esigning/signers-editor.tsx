import { Plus, Trash2 } from 'lucide-react'
import { useId } from 'react'
import { MAX_SIGNERS, SIGNER_ROLE_LABELS, SIGNER_ROLES, type SignerRole } from '#shared/domain/esigning.ts'
import { Button } from '#web/components/button.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { Select } from '#web/components/select.tsx'

export interface SignerDraft {
  key: number
  name: string
  email: string
  role: SignerRole
}

let next = 0
export const newSigner = (): SignerDraft => ({ key: ++next, name: '', email: '', role: 'client' })

interface SignersEditorProps {
  signers: SignerDraft[]
  onChange: (signers: SignerDraft[]) => void
}

/** Signers in their signing order (1 first): name, email and role each. */
export function SignersEditor({ signers, onChange }: SignersEditorProps) {
  const id = useId()
  const change = (key: number, patch: Partial<SignerDraft>) =>
    onChange(signers.map((signer) => (signer.key === key ? { ...signer, ...patch } : signer)))
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-semibold text-slate-900">Signers, in signing order</legend>
      <ol className="grid gap-3">
        {signers.map((signer, index) => (
          <li
            key={signer.key}
            aria-label={`Signer ${index + 1}`}
            className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[2rem_1fr_1fr_10rem_auto] sm:items-end"
          >
            <span className="text-sm font-semibold text-slate-700">{index + 1}.</span>
            <Field id={`${id}-${signer.key}-name`} label="Name">
              {(control) => (
                <Input
                  {...control}
                  value={signer.name}
                  onChange={(event) => change(signer.key, { name: event.target.value })}
                />
              )}
            </Field>
            <Field id={`${id}-${signer.key}-email`} label="Email">
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  value={signer.email}
                  onChange={(event) => change(signer.key, { email: event.target.value })}
                />
              )}
            </Field>
            <Field id={`${id}-${signer.key}-role`} label="Role">
              {(control) => (
                <Select
                  {...control}
                  value={signer.role}
                  onChange={(event) => change(signer.key, { role: event.target.value as SignerRole })}
                  options={SIGNER_ROLES.map((value) => ({ value, label: SIGNER_ROLE_LABELS[value] }))}
                />
              )}
            </Field>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove signer ${index + 1}`}
              disabled={signers.length === 1}
              onClick={() => onChange(signers.filter((each) => each.key !== signer.key))}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={signers.length >= MAX_SIGNERS}
          onClick={() => onChange([...signers, newSigner()])}
        >
          <Plus aria-hidden="true" />
          Add signer
        </Button>
      </div>
    </fieldset>
  )
}
