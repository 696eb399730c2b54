import { useQuery } from '@tanstack/react-query'
import { Send } from 'lucide-react'
import { useId, useState } from 'react'
import { SendDocumentInputSchema } from '#shared/contracts/esigning-documents.contract.ts'
import { ESIGNING_TEXTS } from '#shared/contracts/esigning-texts.ts'
import { SECURITY_LEVELS, type SecurityLevel, type SigningProviderId } from '#shared/domain/esigning.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Field } from '#web/components/field.tsx'
import { Select } from '#web/components/select.tsx'
import { Textarea } from '#web/components/textarea.tsx'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { DocumentCard } from './document-card.tsx'
import { providersQuery, signingDocumentsQuery, useSendDocument } from './esigning.queries.ts'
import { newSigner, type SignerDraft, SignersEditor } from './signers-editor.tsx'

const LEVEL_LABELS: Record<SecurityLevel, string> = {
  standard: 'Standard',
  enhanced: 'Enhanced',
  maximum: 'Maximum',
}

/** Spec §2 Third-Party: send a document to its signers through a provider; the sender follows each signer. */
export function ThirdPartyTab({ onVerify }: { onVerify: (signatureId: string) => void }) {
  const id = useId()
  const documents = useQuery(signingDocumentsQuery)
  const providers = useQuery(providersQuery)
  const send = useSendDocument()
  const [documentId, setDocumentId] = useState('')
  const [provider, setProvider] = useState<SigningProviderId>('email')
  const [signers, setSigners] = useState<SignerDraft[]>([newSigner()])
  const [customMessage, setCustomMessage] = useState('')
  const [securityLevel, setSecurityLevel] = useState<SecurityLevel>('standard')
  const sendable = (documents.data ?? []).filter(
    (each) => each.status === 'pending_signature' && !each.provider,
  )
  const sent = (documents.data ?? []).filter((each) => each.provider)

  function submit() {
    const chosen = providers.data?.find((each) => each.id === provider)
    if (!chosen?.configured) {
      showToast({
        title: ESIGNING_TEXTS.providerRequiredTitle,
        description: ESIGNING_TEXTS.providerRequired,
        variant: 'destructive',
      })
      return
    }
    const document = sendable.find((each) => each.id === documentId)
    const input = {
      documentId,
      documentType: document?.documentType ?? undefined,
      signers: signers.map((signer, index) => ({ ...signer, signingOrder: index + 1 })),
      customMessage,
      securityLevel,
      provider,
    }
    const parsed = SendDocumentInputSchema.safeParse(input)
    if (!parsed.success) {
      showToast({
        title: ESIGNING_TEXTS.sendFailed,
        description: parsed.error.issues[0]?.message,
        variant: 'destructive',
      })
      return
    }
    send.mutate(input, {
      onSuccess: () => {
        showToast({ title: ESIGNING_TEXTS.sentTitle, description: ESIGNING_TEXTS.sent, variant: 'success' })
        setDocumentId('')
        setSigners([newSigner()])
        setCustomMessage('')
      },
      onError: (error) =>
        showToast({
          title: ESIGNING_TEXTS.sendFailed,
          description: isApiError(error) ? error.message : undefined,
          variant: 'destructive',
        }),
    })
  }

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Send for signature</CardTitle>
          <CardDescription>Each signer gets an email in turn; you see who has signed.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {documents.isSuccess && sendable.length === 0 && (
            <Alert>
              Upload a document under Basic Upload or Enhanced E-Signing first: it appears here until it is
              signed or sent.
            </Alert>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${id}-document`} label="Document">
              {(control) => (
                <Select
                  {...control}
                  value={documentId}
                  placeholder="Choose a document"
                  onChange={(event) => setDocumentId(event.target.value)}
                  options={sendable.map((each) => ({ value: each.id, label: each.name }))}
                />
              )}
            </Field>
            <Field id={`${id}-provider`} label="Provider">
              {(control) => (
                <Select
                  {...control}
                  value={provider}
                  onChange={(event) => setProvider(event.target.value as SigningProviderId)}
                  options={(providers.data ?? []).map((each) => ({
                    value: each.id,
                    label: each.configured ? each.label : `${each.label} (not configured)`,
                  }))}
                />
              )}
            </Field>
          </div>
          <SignersEditor signers={signers} onChange={setSigners} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${id}-message`} label="Message to the signers (optional)">
              {(control) => (
                <Textarea
                  {...control}
                  value={customMessage}
                  maxLength={2000}
                  onChange={(event) => setCustomMessage(event.target.value)}
                />
              )}
            </Field>
            <Field id={`${id}-security`} label="Security level">
              {(control) => (
                <Select
                  {...control}
                  value={securityLevel}
                  onChange={(event) => setSecurityLevel(event.target.value as SecurityLevel)}
                  options={SECURITY_LEVELS.map((value) => ({ value, label: LEVEL_LABELS[value] }))}
                />
              )}
            </Field>
          </div>
          <div>
            <Button onClick={submit} disabled={send.isPending}>
              <Send aria-hidden="true" />
              {send.isPending ? 'Sending…' : 'Send for Signature'}
            </Button>
          </div>
        </CardContent>
      </Card>
      <section className="grid gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Sent for signature</h2>
        {sent.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing sent yet.</p>
        ) : (
          <ul aria-label="Sent for signature" className="grid gap-3">
            {sent.map((document) => (
              <DocumentCard
                key={document.id}
                document={document}
                onSign={() => undefined}
                onVerify={onVerify}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
