import { useMutation, useQuery } from '@tanstack/react-query'
import { CheckCircle2, XCircle } from 'lucide-react'
import {
  PUBLIC_VERIFY_TEXTS,
  type PublicVerification,
  PublicVerificationSchema,
  publicVerifyByIdCall,
  publicVerifyUploadCall,
} from '#shared/contracts/esigning-links.contract.ts'
import { ESIGNING_TEXTS } from '#shared/contracts/esigning-texts.ts'
import { Alert } from '#web/components/alert.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { CenteredPage } from '#web/layout/centered-page.tsx'
import { apiErrorOf, callApi, isApiError } from '#web/lib/api.ts'
import { formatDateTime } from '#web/lib/format.ts'
import { SigningDropZone } from './signing-drop-zone.tsx'

async function verifyFile(file: File): Promise<PublicVerification> {
  const body = new FormData()
  body.append('file', file)
  const response = await fetch(publicVerifyUploadCall.path, {
    method: 'POST',
    credentials: 'same-origin',
    body,
  })
  if (!response.ok) throw await apiErrorOf(response)
  return PublicVerificationSchema.parse(await response.json())
}

function Outcome({ result }: { result: PublicVerification }) {
  return (
    <section aria-label="Verification result" data-valid={result.isValid} className="grid gap-2">
      <div className="flex items-center gap-2">
        {result.isValid ? (
          <CheckCircle2 aria-hidden="true" className="size-6 text-green-700" />
        ) : (
          <XCircle aria-hidden="true" className="size-6 text-red-700" />
        )}
        <h2 className="text-lg font-semibold text-slate-900">
          {result.isValid ? ESIGNING_TEXTS.validSignature : ESIGNING_TEXTS.invalidSignature}
        </h2>
      </div>
      <p className="text-sm text-slate-800">{result.message}</p>
      {result.signatures.length > 0 && (
        <ul aria-label="Signed by" className="grid gap-1 text-sm text-slate-800">
          {result.signatures.map((signature) => (
            <li key={`${signature.signerName}-${signature.signedAt}`}>
              Signed by <span className="font-medium">{signature.signerName}</span>,{' '}
              {formatDateTime(signature.signedAt)}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** /verify-signature: anyone checks a signed PDF (or the signature its QR code names) against our records. */
export function PublicVerifyPage() {
  const signatureId = new URLSearchParams(window.location.search).get('id') ?? ''
  const byId = useQuery({
    queryKey: ['esigning', 'public-verify', signatureId],
    queryFn: () => callApi(publicVerifyByIdCall, { params: { signatureId } }),
    enabled: /^[0-9a-f-]{36}$/i.test(signatureId),
    retry: false,
  })
  const upload = useMutation({ mutationFn: verifyFile })
  return (
    <CenteredPage className="max-w-2xl">
      <title>{`${PUBLIC_VERIFY_TEXTS.title} | Agency Back Office`}</title>
      <div className="grid gap-4">
        <Card>
          <CardHeader>
            <CardTitle as="h1">{PUBLIC_VERIFY_TEXTS.title}</CardTitle>
            <CardDescription>{PUBLIC_VERIFY_TEXTS.intro}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <SigningDropZone
              label="Choose the signed PDF"
              hint="The PDF as you received it"
              accept={['.pdf', 'application/pdf']}
              disabled={upload.isPending}
              onFiles={(files) => files[0] && upload.mutate(files[0])}
            />
            {upload.isPending && <p className="text-sm text-slate-600">Checking…</p>}
            {upload.isError && (
              <Alert tone="error" title={ESIGNING_TEXTS.unableToVerify}>
                {isApiError(upload.error) ? upload.error.message : ESIGNING_TEXTS.tryAgain}
              </Alert>
            )}
            {upload.data && <Outcome result={upload.data} />}
          </CardContent>
        </Card>
        {signatureId && (
          <Card>
            <CardHeader>
              <CardTitle>Signature {signatureId}</CardTitle>
            </CardHeader>
            <CardContent>
              {byId.data ? (
                <Outcome result={byId.data} />
              ) : byId.isError || !byId.isFetching ? (
                <Alert tone="error" title={ESIGNING_TEXTS.unableToVerify}>
                  {isApiError(byId.error) ? byId.error.message : 'No signature on record has this id.'}
                </Alert>
              ) : (
                <p className="text-sm text-slate-600">Checking…</p>
              )}
            </CardContent>
          </Card>
        )}
      </div>
    </CenteredPage>
  )
}
