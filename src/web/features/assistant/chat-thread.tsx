import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import {
  ASSISTANT_TEXTS,
  type AssistantKind,
  type ChatMessage,
  type Citation,
} from '#shared/contracts/assistant.contract.ts'
import { Spinner } from '#web/components/spinner.tsx'
import { cn } from '#web/lib/cn.ts'
import type { PendingTurn } from './use-chat.ts'

interface ChatThreadProps {
  messages: readonly ChatMessage[]
  pending: PendingTurn | null
  /** Labels of the assistants, by kind (the model's names the model). */
  labels: Record<AssistantKind, string>
  onFollowLink: () => void
}

/** The conversation, oldest first, scrolled to its end; the answer being written shows as it streams. */
export function ChatThread({ messages, pending, labels, onFollowLink }: ChatThreadProps) {
  const end = useRef<HTMLDivElement>(null)
  const position = `${messages.length}:${pending?.answer.length ?? -1}`
  // Each new message or streamed piece scrolls the end into view.
  useEffect(() => {
    if (position) end.current?.scrollIntoView?.({ block: 'end' })
  }, [position])

  return (
    <div className="flex-1 overflow-y-auto px-3 py-3" aria-live="polite" aria-relevant="additions">
      <ol className="grid gap-3" aria-label="Messages">
        {messages.length === 0 && !pending && (
          <li className="rounded-lg bg-slate-100 p-3 text-sm text-slate-800">{ASSISTANT_TEXTS.greeting}</li>
        )}
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} labels={labels} onFollowLink={onFollowLink} />
        ))}
        {pending && messages.at(-1)?.content !== pending.question && (
          <Bubble from="user">{pending.question}</Bubble>
        )}
        {pending && (
          <Bubble from="assistant" label={pending.answeredBy ? labels[pending.answeredBy] : undefined}>
            {pending.answer || (
              <span className="inline-flex items-center gap-2 text-slate-600">
                <Spinner className="size-4" /> Thinking…
              </span>
            )}
          </Bubble>
        )}
      </ol>
      <div ref={end} />
    </div>
  )
}

function MessageBubble({
  message,
  labels,
  onFollowLink,
}: {
  message: ChatMessage
  labels: Record<AssistantKind, string>
  onFollowLink: () => void
}) {
  return (
    <Bubble
      from={message.role}
      label={message.answeredBy ? labels[message.answeredBy] : undefined}
      citations={message.citations}
      onFollowLink={onFollowLink}
    >
      {message.content}
    </Bubble>
  )
}

function Bubble({
  from: role,
  label,
  citations = [],
  onFollowLink,
  children,
}: {
  from: ChatMessage['role']
  label?: string
  citations?: readonly Citation[]
  onFollowLink?: () => void
  children: React.ReactNode
}) {
  return (
    <li className={cn('grid gap-1', role === 'user' ? 'justify-items-end' : 'justify-items-start')}>
      <div
        className={cn(
          'max-w-[90%] rounded-lg px-3 py-2 text-sm whitespace-pre-wrap break-words',
          role === 'user' && 'bg-violet-700 text-white',
          role === 'assistant' && 'bg-slate-100 text-slate-900',
          role === 'system' && 'border border-amber-300 bg-amber-50 text-amber-900',
        )}
      >
        <span className="sr-only">{role === 'user' ? 'You: ' : 'Assistant: '}</span>
        {children}
      </div>
      {citations.length > 0 && (
        <p className="flex flex-wrap gap-x-2 text-xs text-slate-700">
          Sources:
          {citations.map((citation) => (
            <Link
              key={citation.url}
              to={citation.url}
              onClick={onFollowLink}
              className="text-violet-700 underline"
            >
              {citation.title}
            </Link>
          ))}
        </p>
      )}
      {label && <p className="text-xs text-slate-600">{label}</p>}
    </li>
  )
}
