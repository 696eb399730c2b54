import { useState } from 'react'
import type { SignedDocument } from '#shared/contracts/esigning.contract.ts'
import { ESIGNING_TEXTS } from '#shared/contracts/esigning-texts.ts'
import { Button } from '#web/components/button.tsx'
import { isApiError } from '#web/lib/api.ts'
import { useCurrentUser } from '#web/lib/current-user.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useSignDocument } from './esigning.queries.ts'
import { DEFAULT_PLACEMENT, type PlacementChoice, PlacementFields, placementOf } from './placement-fields.tsx'
import { SignatureCreator } from './signature-creator.tsx'
import type { SignatureValue } from './signature-value.ts'
import type { LocalDocument } from './use-enhanced-documents.ts'

interface DirectSigningPanelProps {
  document: LocalDocument
  ensureConsent: () => Promise<boolean>
  onSigned: (answer: SignedDocument, signature: SignatureValue) => void
}

/** Direct signing (spec §9: the 500×150 canvas, a cursive name at 32px) of one uploaded document. */
export function DirectSigningPanel({ document, ensureConsent, onSigned }: DirectSigningPanelProps) {
  const user = useCurrentUser()
  const [signature, setSignature] = useState<SignatureValue | null>(null)
  const [placement, setPlacement] = useState<PlacementChoice>(DEFAULT_PLACEMENT)
  const sign = useSignDocument()

  async function submit() {
    if (document.status !== 'uploaded' || !document.serverId) {
      showToast({
        title: ESIGNING_TEXTS.notReadyTitle,
        description: ESIGNING_TEXTS.notReady,
        variant: 'destructive',
      })
      return
    }
    if (!signature) {
      showToast({
        title: ESIGNING_TEXTS.signatureRequiredTitle,
        description: ESIGNING_TEXTS.signatureRequiredFirst,
        variant: 'destructive',
      })
      return
    }
    if (!(await ensureConsent())) return
    sign.mutate(
      {
        documentId: document.serverId,
        signatureType: signature.type,
        signatureData: signature.dataUrl,
        signerRole: 'agent',
        documentType: document.type,
        placement: placementOf(placement),
        userAgent: navigator.userAgent,
        timestamp: new Date().toISOString(),
      },
      {
        onSuccess: (answer) => {
          showToast({
            title: ESIGNING_TEXTS.signedTitle,
            description: ESIGNING_TEXTS.signed,
            variant: 'success',
          })
          onSigned(answer, signature)
        },
        onError: (error) =>
          showToast({
            title: ESIGNING_TEXTS.signingFailed,
            description: isApiError(error) ? error.message : ESIGNING_TEXTS.tryAgain,
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <div className="grid gap-4 rounded-md border border-slate-200 bg-slate-50 p-4">
      <p className="text-sm text-slate-700">
        Signing as {user.firstName} {user.lastName} ({user.email})
      </p>
      <SignatureCreator
        size="direct"
        defaultName={`${user.firstName} ${user.lastName}`}
        onChange={setSignature}
      />
      <PlacementFields value={placement} onChange={setPlacement} />
      <div>
        <Button onClick={() => void submit()} disabled={sign.isPending}>
          {sign.isPending ? 'Signing…' : `Sign ${document.name}`}
        </Button>
      </div>
    </div>
  )
}
