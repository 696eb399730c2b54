import { CheckCircle2, CircleMinus, ExternalLink } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { ESIGNING_TEXTS } from '#shared/contracts/esigning-texts.ts'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useVerifySignature } from './esigning.queries.ts'
import { VerificationResultView } from './verification-result.tsx'

/** Spec §2's compliance checklist, each item as this product meets it (geolocation: not collected). */
const CHECKLIST: { item: string; met: boolean; how: string }[] = [
  {
    item: 'ESIGN Act',
    met: true,
    how: 'Consumer disclosure shown and accepted (version, time, IP, browser) before a first signature.',
  },
  {
    item: 'UETA',
    met: true,
    how: 'Intent by an explicit Sign action; the signature bound into the sealed record; copies kept and emailed.',
  },
  { item: 'IP tracking', met: true, how: 'The address each signature came from is on its certificate page.' },
  {
    item: 'Geolocation',
    met: false,
    how: 'Not collected: no location lookup is made; the IP address is recorded instead.',
  },
  {
    item: 'Audit trail',
    met: true,
    how: 'Every upload, consent, view, send, signature and verification is in the hash-chained audit log.',
  },
  {
    item: 'Timestamp verification',
    met: true,
    how: 'UTC signing time inside the PKCS#7 seal and on the certificate page (server clock; no third-party timestamp authority).',
  },
]

/** Spec §2 Verification: a signature id and Verify, with the compliance checklist. */
export function VerificationTab({ initialId }: { initialId: string }) {
  const id = useId()
  const [signatureId, setSignatureId] = useState(initialId)
  const verify = useVerifySignature()
  const asked = useRef('')

  const run = (value: string) =>
    verify.mutate(value.trim(), {
      onError: (error) =>
        showToast({
          title: ESIGNING_TEXTS.unableToVerify,
          description: isApiError(error) ? error.message : ESIGNING_TEXTS.tryAgain,
          variant: 'destructive',
        }),
    })

  // Arriving from a document's Verify: check that signature at once.
  useEffect(() => {
    if (initialId && asked.current !== initialId) {
      asked.current = initialId
      setSignatureId(initialId)
      run(initialId)
    }
  })

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Verify a signature</CardTitle>
          <CardDescription>
            Recomputes the document’s and the signature’s hashes and checks the seal.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <form
            className="flex flex-col gap-2 sm:flex-row sm:items-end"
            onSubmit={(event) => {
              event.preventDefault()
              if (signatureId.trim()) run(signatureId)
            }}
          >
            <Field id={`${id}-signature`} label="Signature ID" className="flex-1">
              {(control) => (
                <Input
                  {...control}
                  value={signatureId}
                  onChange={(event) => setSignatureId(event.target.value)}
                />
              )}
            </Field>
            <Button type="submit" disabled={verify.isPending || !signatureId.trim()}>
              {verify.isPending ? 'Verifying…' : 'Verify'}
            </Button>
          </form>
          {verify.data && <VerificationResultView result={verify.data} />}
          <a
            href="/verify-signature"
            className="inline-flex items-center gap-1 text-sm text-violet-700 underline"
          >
            Check a signed PDF file on the public verify page
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        </CardContent>
      </Card>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Compliance checklist</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3">
            {CHECKLIST.map(({ item, met, how }) => (
              <li key={item} className="flex items-start gap-2 text-sm">
                {met ? (
                  <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
                ) : (
                  <CircleMinus aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                )}
                <span>
                  <span className="font-medium text-slate-900">{item}: </span>
                  <span className="text-slate-700">{how}</span>
                </span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  )
}
