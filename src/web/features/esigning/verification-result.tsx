import { CheckCircle2, XCircle } from 'lucide-react'
import type { VerificationResult } from '#shared/contracts/esigning.contract.ts'
import { ESIGNING_TEXTS } from '#shared/contracts/esigning-texts.ts'
import { COMPLIANCE_LEVEL_LABELS, SIGNER_ROLE_LABELS } from '#shared/domain/esigning.ts'
import { Alert } from '#web/components/alert.tsx'
import { formatDateTime } from '#web/lib/format.ts'

/** What a verification found: valid or not, tamper evidence, and each check with its reason. */
export function VerificationResultView({ result }: { result: VerificationResult }) {
  const rows: [string, string][] = [
    ['Signer', `${result.signerName} (${result.signerEmail}), ${SIGNER_ROLE_LABELS[result.signerRole]}`],
    ['Document', result.documentName ?? 'None: a signature on its own'],
    ['Compliance level', COMPLIANCE_LEVEL_LABELS[result.complianceLevel]],
    ['Signed at', formatDateTime(result.signedAt)],
    ['Verified at', formatDateTime(result.verifiedAt)],
  ]
  return (
    <section aria-label="Verification result" data-valid={result.isValid} className="grid min-w-0 gap-3">
      <div className="flex items-center gap-2">
        {result.isValid ? (
          <CheckCircle2 aria-hidden="true" className="size-6 text-green-700" />
        ) : (
          <XCircle aria-hidden="true" className="size-6 text-red-700" />
        )}
        <h3 className="text-lg font-semibold text-slate-900">
          {result.isValid ? ESIGNING_TEXTS.validSignature : ESIGNING_TEXTS.invalidSignature}
        </h3>
      </div>
      {result.tamperEvidence && <Alert tone="error">{ESIGNING_TEXTS.tamperEvidence}</Alert>}
      <dl className="grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className="text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      <ul aria-label="Checks" className="grid gap-2">
        {result.checks.map((check) => (
          <li key={check.name} className="flex items-start gap-2 text-sm">
            {check.passed ? (
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
            ) : (
              <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700" />
            )}
            <span>
              <span className="font-medium text-slate-900">{check.name}: </span>
              <span className="text-slate-700 [overflow-wrap:anywhere]">{check.detail}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
