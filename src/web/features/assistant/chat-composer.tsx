import { SendHorizontal } from 'lucide-react'
import { type KeyboardEvent, type Ref, useState } from 'react'
import { ASSISTANT_TEXTS, MESSAGE_MAX_LENGTH } from '#shared/contracts/assistant.contract.ts'
import { Button } from '#web/components/button.tsx'
import { Textarea } from '#web/components/textarea.tsx'

interface ChatComposerProps {
  busy: boolean
  onSend: (text: string) => void
  inputRef?: Ref<HTMLTextAreaElement>
}

/** Spec §2: Enter sends the message, Shift+Enter inserts a newline. A blank message is not sent. */
export function ChatComposer({ busy, onSend, inputRef }: ChatComposerProps) {
  const [text, setText] = useState('')
  const blank = text.trim() === ''

  function send() {
    if (blank || busy) return
    onSend(text)
    setText('')
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    send()
  }

  return (
    <form
      className="flex items-end gap-2 border-t border-slate-200 p-3"
      onSubmit={(event) => {
        event.preventDefault()
        send()
      }}
    >
      <label htmlFor="assistant-message" className="sr-only">
        Message
      </label>
      <Textarea
        id="assistant-message"
        ref={inputRef}
        rows={2}
        maxLength={MESSAGE_MAX_LENGTH}
        value={text}
        placeholder={ASSISTANT_TEXTS.placeholder}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        className="max-h-32 min-h-11 resize-none"
      />
      <Button type="submit" size="icon" aria-label="Send" disabled={blank || busy}>
        <SendHorizontal aria-hidden="true" />
      </Button>
    </form>
  )
}
