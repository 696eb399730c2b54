import { Lock, Mail, PenLine, ShieldCheck, Stamp } from 'lucide-react'
import {
  COMPLIANCE_LEVEL_LABELS,
  COMPLIANCE_LEVELS,
  PROVIDER_LABELS,
  THIRD_PARTY_PROVIDERS,
} from '#shared/domain/esigning.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'

const FEATURES = [
  {
    Icon: PenLine,
    title: 'Draw, type or upload signatures',
    text: 'On a signature pad, in one of four fonts, or from an image of your signature.',
  },
  {
    Icon: Lock,
    title: 'AES-256 encryption',
    text: 'Signing-link secrets are kept AES-256-GCM encrypted; every signed PDF is sealed with a SHA-256 digital signature.',
  },
  {
    Icon: Stamp,
    title: 'Tamper detection',
    text: 'Verification recomputes the document’s and the signature’s hashes and checks the seal.',
  },
  {
    Icon: ShieldCheck,
    title: 'Compliance tracking',
    text: 'ESIGN consent, IP address, browser and UTC time recorded for each signature, every step audited.',
  },
] as const

const LEVELS: Record<(typeof COMPLIANCE_LEVELS)[number], string> = {
  basic: 'A signature on record with its consent and audit trail, not yet applied to a document.',
  advanced: 'Applied to a PDF with a certificate of completion and sealed with the platform certificate.',
  qualified: 'Needs a qualified certificate from a trust service provider: not issued by this product.',
}

/** Spec §2 Overview: the features, the providers, the compliance levels, completed copies by email. */
export function OverviewTab() {
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {FEATURES.map(({ Icon, title, text }) => (
          <Card key={title}>
            <CardHeader>
              <Icon aria-hidden="true" className="size-6 text-violet-700" />
              <CardTitle as="h2" className="text-base">
                {title}
              </CardTitle>
              <CardDescription>{text}</CardDescription>
            </CardHeader>
          </Card>
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Providers</CardTitle>
            <CardDescription>
              Send for signature by our own email links, or through a provider your agency configured.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-1 text-sm text-slate-800">
              <li>{PROVIDER_LABELS.email}</li>
              {THIRD_PARTY_PROVIDERS.map((provider) => (
                <li key={provider}>{PROVIDER_LABELS[provider]}</li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Compliance levels</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-2 text-sm">
              {COMPLIANCE_LEVELS.map((level) => (
                <div key={level}>
                  <dt className="font-semibold text-slate-900">{COMPLIANCE_LEVEL_LABELS[level]}</dt>
                  <dd className="text-slate-700">{LEVELS[level]}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardContent className="flex items-start gap-3 pt-6">
          <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-violet-700" />
          <p className="text-sm text-slate-800">
            Applicants automatically receive completed documents by email: once the last signer signs,
            everyone gets the sealed PDF with its certificate of completion.
          </p>
        </CardContent>
      </Card>
    </div>
  )
}
