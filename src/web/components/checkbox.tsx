import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

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
        className="size-5 shrink-0 cursor-pointer rounded border-slate-400 accent-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700"
        {...props}
      />
      <span className="font-medium">{label}</span>
    </label>
  )
}
