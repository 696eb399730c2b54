import { useQuery } from '@tanstack/react-query'
import { ExternalLink } from 'lucide-react'
import { isAgencyAdmin } from '#shared/domain/roles.ts'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { useCurrentUser } from '#web/lib/current-user.ts'
import { formatDate } from '#web/lib/format.ts'
import { AuditIntegrityPanel } from './audit-integrity-panel.tsx'
import { termsQuery } from './compliance.queries.ts'
import { RetentionSetting } from './retention-setting.tsx'

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm text-slate-800">{children}</CardContent>
    </Card>
  )
}

/** Terms & Compliance: the current terms (spec §3 Terms), the retention period and, for admins, integrity. */
export function TermsTab() {
  const isAdmin = isAgencyAdmin(useCurrentUser().role)
  const terms = useQuery(termsQuery)
  return (
    <div className="grid gap-4">
      {isAdmin && <AuditIntegrityPanel />}
      <Section title="Record retention">
        <RetentionSetting canEdit={isAdmin} />
      </Section>
      {!terms.data ? (
        terms.isError ? (
          <p role="alert" className="text-red-700">
            The terms could not be loaded. Reload the page to try again.
          </p>
        ) : (
          <Spinner label="Loading the terms" />
        )
      ) : (
        <>
          <Section title="Terms of use">
            <p>
              Version {terms.data.version} · effective {formatDate(terms.data.effectiveDate)}
            </p>
            <h3 className="font-semibold">Purpose</h3>
            <p>{terms.data.purpose}</p>
            <h3 className="font-semibold">Agent representation</h3>
            <p>{terms.data.agentRepresentation}</p>
          </Section>
          <Section title="Data we collect">
            <ul className="list-disc space-y-1 pl-5">
              {terms.data.dataCollection.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </Section>
          <Section title="Compliance requirements">
            <ul className="list-disc space-y-1 pl-5">
              {terms.data.complianceRequirements.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </Section>
          <Section title="Electronic signature consent">
            <p>{terms.data.electronicSignatureConsent}</p>
          </Section>
          <Section title="Compliance links">
            <ul className="grid gap-3">
              {terms.data.complianceLinks.map((link) => (
                <li key={link.url}>
                  <a
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 font-medium text-violet-700 underline-offset-4 hover:underline"
                  >
                    {link.title}
                    <ExternalLink aria-hidden="true" className="size-3.5" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                  <p className="text-slate-600">{link.description}</p>
                </li>
              ))}
            </ul>
          </Section>
          <Section title="Full terms">
            <div className="whitespace-pre-line">{terms.data.fullTermsContent}</div>
          </Section>
        </>
      )}
    </div>
  )
}
