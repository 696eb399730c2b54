import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

/** The look of a native checkbox input, for lists that lay out their own labels. */
export const CHECKBOX_INPUT_CLASSES =
  'size-5 shrink-0 cursor-pointer accent-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700'

interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: string
}

/** A native checkbox with its label beside it; the whole row is a 44px target on touch screens. */
export function Checkbox({ id, label, className, ...props }: CheckboxProps) {
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex min-h-11 cursor-pointer items-center gap-3 text-sm text-slate-800 sm:min-h-9',
        className,
      )}
    >
      <input
        id={id}
        type="checkbox"
        className={cn(CHECKBOX_INPUT_CLASSES, 'rounded border-slate-400')}
        {...props}
      />
      <span className="font-medium">{label}</span>
    </label>
  )
}
