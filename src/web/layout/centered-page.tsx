import type { ReactNode } from 'react'
import { cn } from '#web/lib/cn.ts'
import { Brand } from './brand.tsx'

/** Pages outside the menu (sign-in, payment results): the brand above one centred column. */
export function CenteredPage({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-slate-50 px-4 py-8 sm:py-12">
      <div className="mb-6">
        <Brand />
      </div>
      <main className={cn('w-full max-w-md', className)}>{children}</main>
    </div>
  )
}
