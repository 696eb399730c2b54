import { ChevronDown } from 'lucide-react'
import type { FaqEntry } from '#shared/help/faq.ts'

/** Questions as an accordion of native disclosure widgets: keyboard and screen readers for free. */
export function FaqEntries({
  entries,
  openId,
  label,
}: {
  entries: readonly (FaqEntry & { category?: string })[]
  openId: string | null
  label: string
}) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {entries.map((entry) => (
        <li key={entry.id}>
          <details id={entry.id} open={entry.id === openId || undefined} className="group scroll-mt-20">
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 text-left font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-violet-700 [&::-webkit-details-marker]:hidden">
              <span>
                {entry.question}
                {entry.category && (
                  <span className="ml-2 text-xs font-normal text-slate-600">{entry.category}</span>
                )}
              </span>
              <ChevronDown
                aria-hidden="true"
                className="size-4 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
              />
            </summary>
            <p className="px-4 pb-4 text-sm leading-relaxed text-slate-700">{entry.answer}</p>
          </details>
        </li>
      ))}
    </ul>
  )
}
