import { useMutation, useQuery } from '@tanstack/react-query'
import { CheckCircle2, Download } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import {
  acceptLinkConsentCall,
  LINK_DOCUMENT_PATH,
  type LinkState,
  openSigningLinkCall,
  signByLinkCall,
} from '#shared/contracts/esigning-links.contract.ts'
import { ESIGN_DISCLOSURE, ESIGNING_TEXTS, SIGNING_LINK_TEXTS } from '#shared/contracts/esigning-texts.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { PageSpinner } from '#web/components/spinner.tsx'
import { CenteredPage } from '#web/layout/centered-page.tsx'
import { apiErrorOf, callApi, isApiError } from '#web/lib/api.ts'
import { saveFile } from '#web/lib/save-file.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { LinkConsent } from './link-consent.tsx'
import { SignatureCreator } from './signature-creator.tsx'
import type { SignatureValue } from './signature-value.ts'

/** The link's secret, from the address's fragment (never sent to the server with the page). */
const tokenOf = () => window.location.hash.replace(/^#/, '')

async function downloadForReview(token: string, fileName: string) {
  const response = await fetch(LINK_DOCUMENT_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  })
  if (!response.ok) throw await apiErrorOf(response)
  saveFile(await response.blob(), fileName)
}

function ReadyToSign({
  token,
  state,
  onChanged,
}: {
  token: string
  state: Extract<LinkState, { status: 'ready' }>
  onChanged: () => void
}) {
  const [signature, setSignature] = useState<SignatureValue | null>(null)
  const sign = useMutation({
    mutationFn: (value: SignatureValue) =>
      callApi(signByLinkCall, { body: { token, signatureType: value.type, signatureData: value.dataUrl } }),
  })
  const failed = (title: string) => (error: unknown) =>
    showToast({
      title,
      description: isApiError(error) ? error.message : ESIGNING_TEXTS.tryAgain,
      variant: 'destructive',
    })
  if (sign.isSuccess) {
    return (
      <Card>
        <CardHeader>
          <CheckCircle2 aria-hidden="true" className="size-8 text-green-700" />
          <CardTitle as="h1">{SIGNING_LINK_TEXTS.completedTitle}</CardTitle>
          <CardDescription>{SIGNING_LINK_TEXTS.completed}</CardDescription>
        </CardHeader>
      </Card>
    )
  }
  const { document, signer } = state
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle as="h1">Please sign “{document.name}”</CardTitle>
          <CardDescription>
            {document.senderName} of {document.agencyName} asks {signer.name} ({signer.email}) to sign.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm text-slate-700">
          {document.customMessage && <p className="rounded-md bg-slate-100 p-3">{document.customMessage}</p>}
          <p className="[overflow-wrap:anywhere]">
            {document.fileName} · SHA-256 <code className="font-mono text-xs">{document.sha256}</code>
          </p>
          <div>
            <Button
              variant="outline"
              onClick={() => downloadForReview(token, document.fileName).catch(failed('Download failed'))}
            >
              <Download aria-hidden="true" />
              Review the document
            </Button>
          </div>
        </CardContent>
      </Card>
      {!state.consent.accepted ? (
        <LinkConsent
          onAccept={() =>
            callApi(acceptLinkConsentCall, { body: { token, version: ESIGN_DISCLOSURE.version } })
              .then(onChanged)
              .catch(failed(ESIGN_DISCLOSURE.title))
          }
        />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>Your signature</CardTitle>
            <CardDescription>
              It is placed at the end of the document, with a certificate of completion.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <SignatureCreator size="dialog" defaultName={signer.name} onChange={setSignature} />
            <div>
              <Button
                disabled={sign.isPending}
                onClick={() => {
                  if (!signature) {
                    showToast({
                      title: ESIGNING_TEXTS.signatureRequiredTitle,
                      description: ESIGNING_TEXTS.signatureRequiredSubmit,
                      variant: 'destructive',
                    })
                    return
                  }
                  sign.mutate(signature, { onError: failed(ESIGNING_TEXTS.signingFailed) })
                }}
              >
                {sign.isPending ? 'Signing…' : 'Sign the document'}
              </Button>
            </div>
          </CardContent>
        </Card>
      )}
    </div>
  )
}

/** /sign#token: a signer reviews and signs without an account, after the disclosure; once, in turn. */
export function SigningLinkPage() {
  const [token] = useState(tokenOf)
  const link = useQuery({
    queryKey: ['esigning', 'link', token],
    queryFn: () => callApi(openSigningLinkCall, { body: { token } }),
    enabled: token.length >= 20,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
  let body: ReactNode
  if (token.length < 20 || link.isError) {
    body = (
      <Alert tone="error" title="This link cannot be used">
        {SIGNING_LINK_TEXTS.invalid}
      </Alert>
    )
  } else if (link.isPending) body = <PageSpinner />
  else if (link.data.status !== 'ready') {
    body = (
      <Alert tone="warning" title="This link cannot be used">
        {link.data.message}
      </Alert>
    )
  } else body = <ReadyToSign token={token} state={link.data} onChanged={() => void link.refetch()} />
  return (
    <CenteredPage className="max-w-2xl">
      <title>Sign a document | Agency Back Office</title>
      {body}
    </CenteredPage>
  )
}
