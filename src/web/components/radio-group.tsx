import * as RadioGroupPrimitive from '@radix-ui/react-radio-group'
import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

export function RadioGroup({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return <RadioGroupPrimitive.Root className={cn('grid gap-3', className)} {...props} />
}

/** A round radio button; pair it with a <label htmlFor> for its text. */
export function RadioGroupItem({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      className={cn(
        'inline-flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-slate-500 bg-white',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700',
        'data-[state=checked]:border-violet-700 disabled:opacity-60',
        className,
      )}
      {...props}
    >
      <RadioGroupPrimitive.Indicator className="size-2.5 rounded-full bg-violet-700" />
    </RadioGroupPrimitive.Item>
  )
}
