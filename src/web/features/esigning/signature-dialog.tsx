import { useId, useState } from 'react'
import type { SigningDocument } from '#shared/contracts/esigning-documents.contract.ts'
import { ESIGNING_TEXTS } from '#shared/contracts/esigning-texts.ts'
import { SIGNER_ROLE_LABELS, SIGNER_ROLES, type SignerRole } from '#shared/domain/esigning.ts'
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
import { Select } from '#web/components/select.tsx'
import { isApiError } from '#web/lib/api.ts'
import { useCurrentUser } from '#web/lib/current-user.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useCreateSignature } from './esigning.queries.ts'
import { SignatureCreator } from './signature-creator.tsx'
import type { SignatureValue } from './signature-value.ts'

interface SignatureDialogProps {
  document: SigningDocument | null
  ensureConsent: () => Promise<boolean>
  onClose: () => void
  onSigned: (signatureId: string) => void
}

/** The Documents tab's signature dialog (spec §9: the 400×200 canvas): creates the signature on the document. */
export function SignatureDialog({ document, ensureConsent, onClose, onSigned }: SignatureDialogProps) {
  const id = useId()
  const user = useCurrentUser()
  const [signature, setSignature] = useState<SignatureValue | null>(null)
  const [role, setRole] = useState<SignerRole>('agent')
  const create = useCreateSignature()

  async function submit() {
    if (!document) return
    if (!signature) {
      showToast({
        title: ESIGNING_TEXTS.signatureRequiredTitle,
        description: ESIGNING_TEXTS.signatureRequiredSubmit,
        variant: 'destructive',
      })
      return
    }
    if (!(await ensureConsent())) return
    create.mutate(
      {
        documentId: document.id,
        documentType: document.documentType ?? undefined,
        signatureType: signature.type,
        signatureData: signature.dataUrl,
        signerRole: role,
        userAgent: navigator.userAgent,
        timestamp: new Date().toISOString(),
      },
      {
        onSuccess: (answer) => {
          showToast({
            title: ESIGNING_TEXTS.signatureCreatedTitle,
            description: ESIGNING_TEXTS.signatureCreated,
            variant: 'success',
          })
          setSignature(null)
          onSigned(answer.signatureId)
        },
        onError: (error) =>
          showToast({
            title: ESIGNING_TEXTS.signatureFailedTitle,
            description: isApiError(error) ? error.message : ESIGNING_TEXTS.tryAgain,
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <Dialog open={document !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Sign {document?.name}</DialogTitle>
          <DialogDescription>
            Signing as {user.firstName} {user.lastName} ({user.email}). The signature is placed at the end of
            the last page, with a certificate of completion.
          </DialogDescription>
        </DialogHeader>
        {document && (
          <SignatureCreator
            size="dialog"
            defaultName={`${user.firstName} ${user.lastName}`}
            onChange={setSignature}
          />
        )}
        <Field id={`${id}-role`} label="Signing as">
          {(control) => (
            <Select
              {...control}
              value={role}
              onChange={(event) => setRole(event.target.value as SignerRole)}
              options={SIGNER_ROLES.map((value) => ({ value, label: SIGNER_ROLE_LABELS[value] }))}
            />
          )}
        </Field>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={create.isPending}>
            {create.isPending ? 'Signing…' : 'Submit Signature'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
