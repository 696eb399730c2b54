import { useQuery } from '@tanstack/react-query'
import { TWO_FACTOR_MESSAGES } from '#shared/contracts/auth-security.contract.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button } from '#web/components/button.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { EnrolmentForm } from './enrolment-form.tsx'
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx'
import { signInEnrolmentQuery, useSignInEnrolMutation } from './two-factor.queries.ts'

/**
 * The agency requires two-factor and this user has none: enrol now (the session starts with the
 * first good code), then see the recovery codes once before going on.
 */
export function EnrolAtSignIn({ onDone, onRestart }: { onDone: () => void; onRestart: () => void }) {
  const enrolment = useQuery(signInEnrolmentQuery)
  const enrol = useSignInEnrolMutation()

  if (enrol.data) {
    return (
      <div className="grid gap-4">
        <RecoveryCodesPanel codes={enrol.data.recoveryCodes} />
        <Button size="lg" onClick={onDone}>
          I have saved my codes, continue
        </Button>
      </div>
    )
  }
  if (enrolment.isPending) return <Spinner label="Loading" />
  if (enrolment.isError) {
    return (
      <div className="grid gap-4">
        <Alert tone="error">{TWO_FACTOR_MESSAGES.challengeExpired}</Alert>
        <Button onClick={onRestart}>Sign in again</Button>
      </div>
    )
  }
  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-700">{TWO_FACTOR_MESSAGES.enrolPrompt}</p>
      <EnrolmentForm
        enrolment={enrolment.data}
        confirm={(code) => enrol.mutateAsync(code)}
        pending={enrol.isPending}
      />
    </div>
  )
}
