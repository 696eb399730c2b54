import { useQuery } from '@tanstack/react-query'
import { Inbox, Paperclip } from 'lucide-react'
import { documentDownloadPath } from '#shared/contracts/documents.contract.ts'
import type { OutboxMessage } from '#shared/contracts/outbox.contract.ts'
import { Alert } from '#web/components/alert.tsx'
import { Badge } from '#web/components/badge.tsx'
import { Card } from '#web/components/card.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { formatDateTime } from '#web/lib/format.ts'
import { outboxQuery } from './outbox.queries.ts'

export const OUTBOX_TEXTS = {
  title: 'Outbox',
  subtitle: 'Emails to carriers with their application packets. Without SMTP they wait here for you.',
  smtpMissing:
    'SMTP is not configured (SMTP_URL), so email submissions are kept here. Download the packet and send it yourself, or configure SMTP.',
  empty: 'No messages yet.',
} as const

const STATUS = {
  kept: { label: 'Kept', tone: 'yellow' },
  sent: { label: 'Sent', tone: 'green' },
} as const

/** Every email the agency's carrier submissions produced: kept here, or handed to the SMTP server. */
export function OutboxPage() {
  const { data } = useQuery({ ...outboxQuery, throwOnError: true, refetchOnWindowFocus: true })
  return (
    <>
      <PageHeader title={OUTBOX_TEXTS.title} subtitle={OUTBOX_TEXTS.subtitle} />
      {!data ? (
        <Spinner label="Loading messages" className="justify-self-center py-8" />
      ) : (
        <>
          {!data.smtpConfigured && <Alert tone="warning">{OUTBOX_TEXTS.smtpMissing}</Alert>}
          {data.messages.length === 0 ? (
            <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
              <Inbox aria-hidden="true" className="size-10 text-slate-400" />
              <p className="text-sm text-slate-700">{OUTBOX_TEXTS.empty}</p>
            </Card>
          ) : (
            <Card>
              <ul aria-label="Messages" className="divide-y divide-slate-200">
                {data.messages.map((message) => (
                  <li key={message.id} className="px-4 py-4 sm:px-6">
                    <MessageRow message={message} />
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </>
      )}
    </>
  )
}

function MessageRow({ message }: { message: OutboxMessage }) {
  const status = STATUS[message.status]
  return (
    <article aria-label={message.subject} className="grid gap-1.5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 font-medium break-words text-slate-900">{message.subject}</h2>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <p className="text-sm break-all text-slate-700">To {message.to}</p>
      <p className="text-xs text-slate-600">
        {message.sentAt
          ? `Sent ${formatDateTime(message.sentAt)}`
          : `Kept ${formatDateTime(message.createdAt)}`}
      </p>
      {message.attachments.length > 0 && (
        <ul aria-label="Attachments" className="flex flex-wrap gap-x-4 gap-y-1">
          {message.attachments.map((attachment) => (
            <li key={attachment.documentId}>
              <a
                href={documentDownloadPath(attachment.documentId)}
                download={attachment.filename}
                className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-violet-700 hover:underline sm:min-h-0"
              >
                <Paperclip aria-hidden="true" className="size-4" />
                {attachment.filename}
              </a>
            </li>
          ))}
        </ul>
      )}
    </article>
  )
}
