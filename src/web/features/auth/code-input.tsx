import type { ComponentProps } from 'react'
import { Input } from '#web/components/input.tsx'

/** A 6-digit authenticator code: the phone's number pad, and the code the system offers to fill in. */
export function CodeInput(props: ComponentProps<'input'>) {
  return <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...props} />
}
