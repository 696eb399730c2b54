import type { Client } from '#shared/contracts/clients.contract.ts'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/card.tsx'
import { displayValue } from './client-display.ts'
import { CLIENT_SECTIONS } from './client-fields.ts'
import { isSensitiveField } from './client-form-values.ts'
import { SensitiveValue } from './sensitive-value.tsx'

/** The whole record, read-only, one card per group of spec part 1 §3; nothing skipped. */
export function ClientRecordView({ client }: { client: Client }) {
  const record = client as unknown as Record<string, unknown>
  return (
    <div className="grid gap-6">
      {CLIENT_SECTIONS.map((section) => (
        <Card key={section.title}>
          <CardHeader>
            <CardTitle>{section.title}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
              {section.fields.map((spec) => (
                <div
                  key={spec.name}
                  className={spec.kind === 'longText' ? 'min-w-0 sm:col-span-2 lg:col-span-3' : 'min-w-0'}
                >
                  <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{spec.label}</dt>
                  <dd className="mt-1 text-sm break-words whitespace-pre-line text-slate-900">
                    {isSensitiveField(spec.name) ? (
                      <SensitiveValue
                        clientId={client.id}
                        field={spec.name}
                        label={spec.label}
                        masked={client[spec.name]}
                      />
                    ) : (
                      displayValue(spec, record[spec.name])
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
      ))}
    </div>
  )
}
