import { TWO_FACTOR_MESSAGES, type TwoFactorStep } from '#shared/contracts/auth-security.contract.ts'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/card.tsx'
import { CenteredPage } from '#web/layout/centered-page.tsx'
import { EnrolAtSignIn } from './enrol-at-sign-in.tsx'
import { TwoFactorStep as CodeStep } from './two-factor-step.tsx'

interface SecondStepPageProps {
  step: TwoFactorStep
  onSignedIn: () => void
  onRestart: () => void
}

/** After a right password: the authenticator code, or enrolment when the agency requires it. */
export function SecondStepPage({ step, onSignedIn, onRestart }: SecondStepPageProps) {
  const title = step === 'verify' ? TWO_FACTOR_MESSAGES.twoFactorTitle : TWO_FACTOR_MESSAGES.enrolTitle
  return (
    <CenteredPage>
      <title>{title}</title>
      <Card>
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            {title}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5">
          {step === 'verify' ? (
            <CodeStep onSignedIn={onSignedIn} onRestart={onRestart} />
          ) : (
            <EnrolAtSignIn onDone={onSignedIn} onRestart={onRestart} />
          )}
        </CardContent>
      </Card>
    </CenteredPage>
  )
}
