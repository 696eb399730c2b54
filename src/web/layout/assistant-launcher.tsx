import { MessageCircle } from 'lucide-react'
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import type { AssistantModule, WidgetState } from '#web/features/assistant/assistant-widget.tsx'
import { FormSuggestionsSlot } from '#web/lib/form-suggestions-slot.ts'
import { useDeferredComponent } from '#web/lib/use-deferred-component.ts'

const loadAssistant = () =>
  import('#web/features/assistant/assistant-widget.tsx').then((m) => m.AssistantModule)

/**
 * Spec part 1 §2: the assistant on every signed-in screen. The shell carries only this round
 * button; the assistant's code (the widget, and the suggestions panel the forms show) loads when
 * the browser is idle, or at once when the button is pressed.
 */
export function AssistantLayer({ children }: { children: ReactNode }) {
  const [state, setState] = useState<WidgetState>('closed')
  const Assistant = useDeferredComponent(loadAssistant, state !== 'closed') as
    | typeof AssistantModule
    | undefined
  const button = useRef<HTMLButtonElement>(null)
  const wasOpen = useRef(false)
  useEffect(() => {
    // Closing gives the focus back to the button that opened it.
    if (state === 'closed' && wasOpen.current) button.current?.focus()
    wasOpen.current = state !== 'closed'
  }, [state])
  const change = useCallback((next: WidgetState) => setState(next), [])

  return (
    <FormSuggestionsSlot.Provider value={Assistant?.Suggestions ?? null}>
      {children}
      {(state === 'closed' || !Assistant) && (
        <button
          ref={button}
          type="button"
          aria-label="Open the assistant"
          aria-busy={state !== 'closed'}
          onClick={() => setState('open')}
          className="fixed right-4 bottom-4 z-40 flex size-14 items-center justify-center rounded-full bg-violet-700 text-white shadow-lg hover:bg-violet-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700 sm:right-6 sm:bottom-6"
        >
          <MessageCircle aria-hidden="true" className="size-6" />
        </button>
      )}
      {Assistant && <Assistant state={state} onStateChange={change} />}
    </FormSuggestionsSlot.Provider>
  )
}
