import type { UseFormRegisterReturn } from 'react-hook-form'
import { CHECKBOX_INPUT_CLASSES } from '#web/components/checkbox.tsx'
import { cn } from '#web/lib/cn.ts'

export interface Choice {
  value: string
  label: string
  /** Read out after the label ('California' after 'CA'). */
  spoken?: string
}

interface ChoiceGridProps {
  id: string
  legend: string
  choices: readonly Choice[]
  registration: UseFormRegisterReturn
  selectedCount: number
  error?: string
  className?: string
}

/** A multi-select as native checkboxes in a fieldset: keyboard, screen readers and phones for free. */
export function ChoiceGrid({
  id,
  legend,
  choices,
  registration,
  selectedCount,
  error,
  className,
}: ChoiceGridProps) {
  const errorId = error ? `${id}-error` : undefined
  return (
    <fieldset aria-describedby={errorId} className="grid gap-2">
      <legend className="mb-1 flex w-full flex-wrap justify-between gap-2 text-sm font-medium text-slate-800">
        <span>{legend}</span>
        <span className="font-normal text-slate-600">{selectedCount} selected</span>
      </legend>
      <div className={cn('grid gap-x-3 gap-y-1', className)}>
        {choices.map((choice) => {
          const inputId = `${id}-${choice.value.replace(/\W+/g, '-')}`
          return (
            <label
              key={choice.value}
              htmlFor={inputId}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-1 text-sm text-slate-800 hover:bg-slate-50 sm:min-h-9"
            >
              <input
                id={inputId}
                type="checkbox"
                value={choice.value}
                aria-invalid={Boolean(error)}
                className={CHECKBOX_INPUT_CLASSES}
                {...registration}
              />
              <span>
                {choice.label}
                {choice.spoken && (
                  <>
                    {' '}
                    <span className="sr-only">({choice.spoken})</span>
                  </>
                )}
              </span>
            </label>
          )
        })}
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  )
}
