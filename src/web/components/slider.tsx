import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

interface SliderProps extends Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange'> {
  value: number
  min: number
  max: number
  step: number
  onValueChange: (value: number) => void
  /** What a screen reader says for the value ('$1000+', '3.5 out of 5'). */
  valueText?: string
}

/** The browser's range input (arrow keys, Page Up/Down, touch) with a 44px hit area on phones. */
export function Slider({ value, onValueChange, valueText, className, ...props }: SliderProps) {
  return (
    <input
      type="range"
      value={value}
      aria-valuetext={valueText}
      onChange={(event) => onValueChange(Number(event.target.value))}
      className={cn(
        'h-11 w-full cursor-pointer accent-violet-700 sm:h-8',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700',
        className,
      )}
      {...props}
    />
  )
}
