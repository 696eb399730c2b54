import { Check } from 'lucide-react'
import { APPLICATION_TEXTS } from '#shared/contracts/applications-texts.ts'
import { cn } from '#web/lib/cn.ts'

/** Spec part 1 §2: 1 Insurance Type, 2 Client Info, 3 Coverage Details, 4 Carrier Selection. */
export function StepIndicator({ step }: { step: number }) {
  return (
    <ol aria-label="Steps" className="flex items-center gap-2">
      {APPLICATION_TEXTS.steps.map((label, index) => {
        const current = index === step
        const done = index < step
        return (
          <li
            key={label}
            aria-current={current ? 'step' : undefined}
            className={cn(
              'flex min-w-0 items-center gap-2',
              index < APPLICATION_TEXTS.steps.length - 1 && 'flex-1',
            )}
          >
            <span className="sr-only">{`Step ${index + 1}: ${label}${done ? ', done' : ''}`}</span>
            <span
              aria-hidden="true"
              className={cn(
                'flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold',
                current && 'border-violet-700 bg-violet-700 text-white',
                done && 'border-violet-700 bg-violet-50 text-violet-800',
                !current && !done && 'border-slate-300 bg-white text-slate-600',
              )}
            >
              {done ? <Check className="size-4" /> : index + 1}
            </span>
            <span
              aria-hidden="true"
              className={cn(
                'truncate text-sm',
                // Phones show the numbers only; the description above names the current step.
                'hidden md:inline',
                current ? 'font-semibold text-slate-900' : 'text-slate-600',
              )}
            >
              {label}
            </span>
            {index < APPLICATION_TEXTS.steps.length - 1 && (
              <span aria-hidden="true" className="h-0.5 min-w-3 flex-1 rounded bg-slate-200" />
            )}
          </li>
        )
      })}
    </ol>
  )
}
