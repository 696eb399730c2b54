import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

/** Text colours are the 700/800 shades so small badge text keeps AA contrast on its tint. */
const TONES = {
  neutral: 'bg-slate-100 text-slate-700 border-slate-200',
  red: 'bg-red-50 text-red-800 border-red-200',
  orange: 'bg-orange-50 text-orange-800 border-orange-200',
  yellow: 'bg-amber-50 text-amber-800 border-amber-200',
  green: 'bg-green-50 text-green-800 border-green-200',
  blue: 'bg-blue-50 text-blue-800 border-blue-200',
  violet: 'bg-violet-50 text-violet-800 border-violet-200',
} as const

export type BadgeTone = keyof typeof TONES

export function Badge({
  className,
  tone = 'neutral',
  ...props
}: ComponentProps<'span'> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        TONES[tone],
        className,
      )}
      {...props}
    />
  )
}
