import { useQuery } from '@tanstack/react-query'
import { History, Minus, Plus, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { ASSISTANT_TEXTS, type AssistantKind } from '#shared/contracts/assistant.contract.ts'
import { Badge } from '#web/components/badge.tsx'
import { Button } from '#web/components/button.tsx'
import { useActiveForm } from '#web/lib/form-assist.tsx'
import { assistantInfoQuery, conversationQuery } from './assistant.queries.ts'
import { ChatComposer } from './chat-composer.tsx'
import { ChatThread } from './chat-thread.tsx'
import { ConversationList } from './conversation-list.tsx'
import { FormSuggestionsPanel } from './form-suggestions-panel.tsx'
import { MinimizedBar } from './minimized-bar.tsx'
import { useChat } from './use-chat.ts'

export type WidgetState = 'open' | 'minimized' | 'closed'

interface AssistantWidgetProps {
  state: WidgetState
  onStateChange: (state: WidgetState) => void
}

/**
 * Spec part 3 §2: the chat panel the round button opens; closed, open or minimized. It stays
 * mounted once loaded, so minimizing or closing keeps the conversation for the next opening.
 */
export function AssistantWidget({ state, onStateChange }: AssistantWidgetProps) {
  const open = state === 'open'
  const { pathname } = useLocation()
  const [conversationId, setConversationId] = useState<string | null>(null)
  const [showHistory, setShowHistory] = useState(false)
  const info = useQuery({ ...assistantInfoQuery, enabled: open })
  const conversation = useQuery(conversationQuery(conversationId))
  const chat = useChat(conversationId, setConversationId)
  const form = useActiveForm()
  const input = useRef<HTMLTextAreaElement>(null)

  useEffect(() => {
    if (open) input.current?.focus()
  }, [open])

  if (state === 'closed') return null
  if (state === 'minimized')
    return <MinimizedBar onRestore={() => onStateChange('open')} onClose={() => onStateChange('closed')} />

  const labels: Record<AssistantKind, string> = {
    built_in: ASSISTANT_TEXTS.builtInLabel,
    model: info.data?.kind === 'model' ? info.data.label : 'AI model',
  }
  const narrow = () => window.matchMedia?.('(max-width: 639px)').matches

  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby="assistant-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onStateChange('minimized')
      }}
      className="fixed inset-x-2 bottom-2 z-50 flex h-[min(36rem,calc(100dvh-4.5rem))] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-96"
    >
      <header className="flex flex-wrap items-center gap-x-1 border-b border-slate-200 py-1.5 pr-1.5 pl-4">
        <h2 id="assistant-title" className="flex-1 text-base font-semibold text-slate-900">
          {ASSISTANT_TEXTS.title}
        </h2>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Conversations"
          aria-pressed={showHistory}
          onClick={() => setShowHistory(!showHistory)}
        >
          <History aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label="New conversation"
          onClick={() => {
            setConversationId(null)
            setShowHistory(false)
            input.current?.focus()
          }}
        >
          <Plus aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Minimize the assistant"
          onClick={() => onStateChange('minimized')}
        >
          <Minus aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Close the assistant"
          onClick={() => onStateChange('closed')}
        >
          <X aria-hidden="true" />
        </Button>
        {info.data && (
          <p className="mb-1 basis-full">
            <Badge tone={info.data.kind === 'model' ? 'violet' : 'neutral'} className="whitespace-normal">
              {info.data.label}
            </Badge>
          </p>
        )}
      </header>
      {showHistory ? (
        <ConversationList
          open={open}
          onPick={(id) => {
            setConversationId(id)
            setShowHistory(false)
          }}
        />
      ) : (
        <>
          {form && <FormSuggestionsPanel {...form} announce className="m-3 mb-0" />}
          <ChatThread
            messages={conversation.data?.messages ?? []}
            pending={chat.pending}
            labels={labels}
            onFollowLink={() => {
              if (narrow()) onStateChange('minimized')
            }}
          />
          {chat.error && (
            <p role="alert" className="px-3 pb-1 text-sm text-red-700">
              {chat.error}
            </p>
          )}
          <ChatComposer
            inputRef={input}
            busy={chat.pending !== null}
            onSend={(text) => void chat.send(text, form ? 'form_filling' : 'advice', pathname)}
          />
        </>
      )}
    </section>
  )
}

/**
 * What the shell loads in one chunk: the widget, with the suggestions panel the forms show as a
 * property, so one deferred load serves both.
 */
export const AssistantModule = Object.assign(AssistantWidget, { Suggestions: FormSuggestionsPanel })
