import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

interface SwitchProps extends Omit<ComponentProps<'button'>, 'onChange' | 'role'> {
  checked: boolean
  onCheckedChange: (checked: boolean) => void
}

/** An on/off switch (role switch); name it with aria-label or a <label htmlFor>. */
export function Switch({ checked, onCheckedChange, className, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={checked ? 'checked' : 'unchecked'}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'group inline-flex min-h-11 min-w-11 shrink-0 cursor-pointer items-center justify-center rounded-full sm:min-h-0 sm:min-w-0',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700 disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className="relative inline-flex h-6 w-11 items-center rounded-full bg-slate-400 transition-colors group-data-[state=checked]:bg-violet-700"
      >
        <span className="absolute left-0.5 size-5 rounded-full bg-white shadow transition-transform group-data-[state=checked]:translate-x-5" />
      </span>
    </button>
  )
}
