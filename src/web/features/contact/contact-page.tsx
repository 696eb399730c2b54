import { useQuery } from '@tanstack/react-query'
import { Bug, CircleCheck, Clock, LifeBuoy, Mail, Siren } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { COMPANY_NAME, RESPONSE_TIMES, CONTACT_TEXTS as T } from '#shared/contracts/contact.contract.ts'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { contactInfoQuery } from './contact.queries.ts'
import { ContactForm } from './contact-form.tsx'

const ICONS = [Clock, LifeBuoy, Bug, Siren] as const

/** Spec part 3 §2: the company card, the message form (replaced by a confirmation) and the response times. */
export function ContactPage() {
  const { data: info } = useQuery(contactInfoQuery)
  const supportEmail = info?.supportEmail ?? ''
  const [reference, setReference] = useState<string | null>(null)

  return (
    <>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Card className="self-start">
          <CardHeader>
            <CardTitle>{info?.companyName ?? COMPANY_NAME}</CardTitle>
            <CardDescription>The back office for independent insurance agents and agencies.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm text-slate-700">
            {supportEmail && (
              <p className="flex items-center gap-2">
                <Mail aria-hidden="true" className="size-4 text-violet-700" />
                <a href={`mailto:${supportEmail}`} className="font-medium text-violet-700 underline">
                  {supportEmail}
                </a>
              </p>
            )}
            <p>We reply to every message within 24 hours, sooner for urgent issues.</p>
            <p>
              Many answers are already in the{' '}
              <Link to="/faq" className="font-medium text-violet-700 underline">
                FAQ
              </Link>
              .
            </p>
          </CardContent>
        </Card>
        <Card>
          {reference ? (
            <Confirmation reference={reference} onAnother={() => setReference(null)} />
          ) : (
            <>
              <CardHeader>
                <CardTitle>Send us a message</CardTitle>
              </CardHeader>
              <CardContent>
                <ContactForm onSent={setReference} />
              </CardContent>
            </>
          )}
        </Card>
      </div>
      <section aria-labelledby="response-times" className="grid gap-3">
        <h2 id="response-times" className="text-lg font-semibold text-slate-900">
          Response times
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {RESPONSE_TIMES.map(({ title, time }, index) => {
            const Icon = ICONS[index]!
            return (
              <li key={title}>
                <Card className="flex items-center gap-3 p-4">
                  <Icon aria-hidden="true" className="size-6 shrink-0 text-violet-700" />
                  <div>
                    <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
                    <p className="text-sm text-slate-700">{time}</p>
                  </div>
                </Card>
              </li>
            )
          })}
        </ul>
      </section>
    </>
  )
}

function Confirmation({ reference, onAnother }: { reference: string; onAnother: () => void }) {
  return (
    <CardContent className="grid justify-items-center gap-3 py-10 text-center" role="status">
      <CircleCheck aria-hidden="true" className="size-12 text-green-700" />
      <h2 className="text-xl font-semibold text-slate-900">{T.sentTitle}</h2>
      <p className="text-sm text-slate-700">{T.sent}</p>
      <p className="text-sm text-slate-900">
        Your reference number: <strong data-testid="contact-reference">{reference}</strong>
      </p>
      <Button variant="outline" onClick={onAnother}>
        Send another message
      </Button>
    </CardContent>
  )
}
