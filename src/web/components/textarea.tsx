import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'flex min-h-20 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm sm:text-sm',
        'placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-violet-700',
        'disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-600',
        className,
      )}
      {...props}
    />
  )
}
