import { Slot } from '@radix-ui/react-slot'
import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

const VARIANTS = {
  primary: 'bg-violet-700 text-white shadow-sm hover:bg-violet-800',
  secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200',
  outline: 'border border-slate-300 bg-white text-slate-900 shadow-sm hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  destructive: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
  link: 'text-violet-700 underline-offset-4 hover:underline',
} as const

/** Below the small breakpoint every size is at least 44px tall: fingers, not pointers. */
const SIZES = {
  default: 'h-11 px-4 py-2 sm:h-10',
  sm: 'h-11 px-3 sm:h-9',
  lg: 'h-11 px-6 text-base',
  icon: 'size-11 sm:size-10',
} as const

export type ButtonVariant = keyof typeof VARIANTS

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant
  size?: keyof typeof SIZES
  /** Render the child (a link) with the button's look. */
  asChild?: boolean
}

export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: keyof typeof SIZES = 'default',
): string {
  return cn(
    'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700',
    'disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
    VARIANTS[variant],
    SIZES[size],
  )
}

export function Button({ variant, size, asChild, className, type, ...props }: ButtonProps) {
  if (asChild) return <Slot className={cn(buttonClasses(variant, size), className)} {...props} />
  return <button type={type ?? 'button'} className={cn(buttonClasses(variant, size), className)} {...props} />
}
