import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

/** A grey placeholder block shown while content loads; screen readers skip it. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200', className)} {...props} />
  )
}
