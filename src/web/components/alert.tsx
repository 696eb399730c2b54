import { CircleAlert, Info, TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '#web/lib/cn.ts'

const TONES = {
  info: { box: 'border-blue-200 bg-blue-50 text-blue-900', Icon: Info },
  warning: { box: 'border-amber-300 bg-amber-50 text-amber-900', Icon: TriangleAlert },
  error: { box: 'border-red-200 bg-red-50 text-red-900', Icon: CircleAlert },
} as const

interface AlertProps {
  tone?: keyof typeof TONES
  title?: string
  children?: ReactNode
  className?: string
}

/** A message that stays on the page (toasts go away); errors are announced as alerts. */
export function Alert({ tone = 'info', title, children, className }: AlertProps) {
  const { box, Icon } = TONES[tone]
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-md border p-3 text-sm', box, className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div>{children}</div>}
      </div>
    </div>
  )
}
