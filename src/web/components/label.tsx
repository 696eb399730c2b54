import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

export function Label({ className, htmlFor, children, ...props }: ComponentProps<'label'>) {
  return (
    <label htmlFor={htmlFor} className={cn('text-sm font-medium text-slate-800', className)} {...props}>
      {children}
    </label>
  )
}
