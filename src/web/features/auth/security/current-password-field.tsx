import type { UseFormRegisterReturn } from 'react-hook-form'
import { SECURITY_MESSAGES } from '#shared/contracts/auth-security.contract.ts'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'

/**
 * The current password that a change able to take over the account asks for besides the session
 * (decision 012). `id` keeps the several forms of the Security tab apart.
 */
export function CurrentPasswordField({
  id,
  error,
  registration,
  hint = SECURITY_MESSAGES.confirmWithPassword,
}: {
  id: string
  error: string | undefined
  registration: UseFormRegisterReturn
  hint?: string
}) {
  return (
    <Field id={id} label="Current password" error={error} hint={hint}>
      {(control) => <Input {...control} type="password" autoComplete="current-password" {...registration} />}
    </Field>
  )
}
