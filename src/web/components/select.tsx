import { ChevronDown } from 'lucide-react'
import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

export interface SelectOption {
  value: string
  label: string
}

interface SelectProps extends ComponentProps<'select'> {
  options: readonly SelectOption[]
  /** The first, empty choice ('' means "not given"); omit it for a required choice. */
  placeholder?: string
}

/** The browser's own select (keyboard, screen readers and mobile pickers for free), styled like Input. */
export function Select({ className, options, placeholder, ...props }: SelectProps) {
  return (
    <div className="relative">
      <select
        className={cn(
          'flex h-11 w-full appearance-none rounded-md border border-slate-300 bg-white py-2 pr-9 pl-3 text-base text-slate-900 shadow-sm sm:h-10 sm:text-sm',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-violet-700',
          'disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-600',
          className,
        )}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
      />
    </div>
  )
}
