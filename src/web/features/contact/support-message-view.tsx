import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { CATEGORY_LABELS, CONTACT_TEXTS, PRIORITY_LABELS } from '#shared/contracts/contact.contract.ts'
import { Badge } from '#web/components/badge.tsx'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Field } from '#web/components/field.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { Textarea } from '#web/components/textarea.tsx'
import { isApiError } from '#web/lib/api.ts'
import { formatDateTime } from '#web/lib/format.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { supportMessageQuery, useSupportActions } from './support-inbox.queries.ts'

/** One message with the sender's details, the answers so far, and a reply box. */
export function SupportMessageView({ id }: { id: string }) {
  const { data: message, isError } = useQuery(supportMessageQuery(id))
  const { reply, setStatus } = useSupportActions(id)
  const [text, setText] = useState('')
  const [error, setError] = useState<string>()
  if (isError) return <p className="text-sm text-red-700">This message could not be loaded.</p>
  if (!message) return <Spinner label="Loading the message" />

  function send() {
    if (!text.trim()) return setError(CONTACT_TEXTS.replyRequired)
    reply.mutate(text, {
      onSuccess: () => {
        setText('')
        setError(undefined)
        showToast({ title: 'Reply sent', description: `Mailed to ${message!.email}`, variant: 'success' })
      },
      onError: (failure) => setError(isApiError(failure) ? failure.message : 'The reply could not be sent.'),
    })
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{message.subject}</CardTitle>
        <div className="flex flex-wrap gap-2">
          <Badge tone="violet">{message.reference}</Badge>
          <Badge>{CATEGORY_LABELS[message.category]}</Badge>
          <Badge tone={message.priority === 'urgent' || message.priority === 'high' ? 'red' : 'neutral'}>
            {PRIORITY_LABELS[message.priority]}
          </Badge>
          <Badge tone={message.status === 'open' ? 'yellow' : 'green'}>{message.status}</Badge>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <dl className="grid gap-1 text-slate-700 sm:grid-cols-2">
          <div>
            <dt className="inline font-medium">From: </dt>
            <dd className="inline break-all">
              {message.name} &lt;{message.email}&gt;
            </dd>
          </div>
          <div>
            <dt className="inline font-medium">Received: </dt>
            <dd className="inline">{formatDateTime(message.createdAt)}</dd>
          </div>
          {[
            ['Phone', message.phone],
            ['Company', message.company],
            ['Agency', message.agencyName],
            ['Plan', message.currentPlan],
          ].map(([label, value]) =>
            value ? (
              <div key={label}>
                <dt className="inline font-medium">{label}: </dt>
                <dd className="inline">{value}</dd>
              </div>
            ) : null,
          )}
          <div>
            <dt className="inline font-medium">Follow-up allowed: </dt>
            <dd className="inline">{message.consentToFollow ? 'Yes' : 'No'}</dd>
          </div>
        </dl>
        <p className="whitespace-pre-wrap rounded-md bg-slate-50 p-3 text-slate-900">{message.message}</p>
        {message.replies.length > 0 && (
          <ol aria-label="Replies" className="grid gap-2">
            {message.replies.map((answer) => (
              <li key={answer.id} className="rounded-md border border-violet-200 bg-violet-50 p-3">
                <p className="text-xs text-slate-600">
                  {answer.authorName}, {formatDateTime(answer.createdAt)}
                </p>
                <p className="whitespace-pre-wrap text-slate-900">{answer.message}</p>
              </li>
            ))}
          </ol>
        )}
        <Field id="support-reply" label={`Reply to ${message.name}`} error={error}>
          {(control) => (
            <Textarea {...control} rows={4} value={text} onChange={(event) => setText(event.target.value)} />
          )}
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button onClick={send} disabled={reply.isPending}>
            {reply.isPending ? 'Sending...' : 'Send reply'}
          </Button>
          <Button
            variant="outline"
            disabled={setStatus.isPending}
            onClick={() => setStatus.mutate(message.status === 'closed' ? 'open' : 'closed')}
          >
            {message.status === 'closed' ? 'Reopen' : 'Close'}
          </Button>
        </div>
      </CardContent>
    </Card>
  )
}
