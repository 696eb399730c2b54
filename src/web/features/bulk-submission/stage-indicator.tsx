import { Check } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '#web/lib/cn.ts'
import { STAGES, type Stage } from './bulk-messages.ts'

/** Spec §2: profile, recommendations, selection, results; the numbers only on phones. */
export function StageIndicator({ stage }: { stage: Stage }) {
  return (
    <ol aria-label="Stages" className="flex items-center gap-2">
      {STAGES.map((label, index) => {
        const current = index === stage
        const done = index < stage
        return (
          <li
            key={label}
            aria-current={current ? 'step' : undefined}
            className={cn('flex min-w-0 items-center gap-2', index < STAGES.length - 1 && 'flex-1')}
          >
            <span className="sr-only">{`Stage ${index + 1}: ${label}${done ? ', done' : ''}`}</span>
            <span
              aria-hidden="true"
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full border-2 text-xs font-semibold',
                current && 'border-violet-700 bg-violet-700 text-white',
                done && 'border-violet-700 bg-violet-50 text-violet-800',
                !current && !done && 'border-slate-300 bg-white text-slate-600',
              )}
            >
              {done ? <Check className="size-3.5" /> : index + 1}
            </span>
            <span
              aria-hidden="true"
              className={cn(
                'hidden truncate text-sm md:inline',
                current ? 'font-semibold text-slate-900' : 'text-slate-600',
              )}
            >
              {label}
            </span>
            {index < STAGES.length - 1 && (
              <span aria-hidden="true" className="h-0.5 min-w-3 flex-1 rounded bg-slate-200" />
            )}
          </li>
        )
      })}
    </ol>
  )
}

/** The stage's buttons, kept in view at the bottom of a long stage. */
export function StageFooter({ children }: { children: ReactNode }) {
  return (
    <div className="sticky bottom-0 flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-white px-4 py-3 sm:px-6">
      {children}
    </div>
  )
}
