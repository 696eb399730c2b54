import { Bot, X } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { ASSISTANT_TEXTS } from '#shared/contracts/assistant.contract.ts'

/** The minimized assistant: a small bar that brings the conversation back as it was. */
export function MinimizedBar({ onRestore, onClose }: { onRestore: () => void; onClose: () => void }) {
  const restore = useRef<HTMLButtonElement>(null)
  useEffect(() => restore.current?.focus(), [])
  return (
    <div className="fixed right-4 bottom-4 z-50 flex items-center rounded-full border border-slate-200 bg-white shadow-lg sm:right-6 sm:bottom-6">
      <button
        ref={restore}
        type="button"
        onClick={onRestore}
        aria-label="Restore the assistant"
        className="flex min-h-11 items-center gap-2 rounded-l-full px-4 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-violet-700"
      >
        <Bot aria-hidden="true" className="size-5 text-violet-700" />
        {ASSISTANT_TEXTS.title}
      </button>
      <button
        type="button"
        onClick={onClose}
        aria-label="Close the assistant"
        className="flex size-11 items-center justify-center rounded-r-full text-slate-600 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-violet-700"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  )
}
