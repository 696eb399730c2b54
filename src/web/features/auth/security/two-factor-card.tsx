import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Alert } from '#web/components/alert.tsx'
import { Badge } from '#web/components/badge.tsx'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { formatDateTime } from '#web/lib/format.ts'
import { securityStatusQuery, useRefreshSecurity } from './security.queries.ts'
import { TwoFactorEnrol } from './two-factor-enrol.tsx'
import { DisableTwoFactor, RegenerateCodes } from './two-factor-manage.tsx'

type Mode = 'idle' | 'regenerate' | 'disable'

export function TwoFactorCard() {
  const status = useQuery(securityStatusQuery)
  const [mode, setMode] = useState<Mode>('idle')
  const close = () => setMode('idle')
  const refresh = useRefreshSecurity()

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>Two-factor sign-in</CardTitle>
          {status.data && (
            <Badge tone={status.data.twoFactorEnabled ? 'green' : 'neutral'}>
              {status.data.twoFactorEnabled ? 'On' : 'Off'}
            </Badge>
          )}
        </div>
        <CardDescription>
          After your password, sign-in asks for a 6-digit code from an authenticator app on your phone.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isPending && <Spinner />}
        {status.isError && <Alert tone="error">Could not load your security settings.</Alert>}
        {status.data && !status.data.twoFactorEnabled && (
          <>
            {status.data.agencyRequiresTwoFactor && (
              <Alert tone="warning">Your agency requires two-factor sign-in. Set it up now.</Alert>
            )}
            <TwoFactorEnrol onClose={refresh} hasPassword={status.data.hasPassword} />
          </>
        )}
        {status.data?.twoFactorEnabled && (
          <>
            <p className="text-sm text-slate-700">
              {status.data.twoFactorEnabledAt
                ? `On since ${formatDateTime(status.data.twoFactorEnabledAt)}. `
                : ''}
              {status.data.recoveryCodesLeft} of 10 recovery codes left.
            </p>
            {mode === 'idle' && (
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={() => setMode('regenerate')}>
                  New recovery codes
                </Button>
                {!status.data.agencyRequiresTwoFactor && (
                  <Button variant="outline" onClick={() => setMode('disable')}>
                    Turn off
                  </Button>
                )}
              </div>
            )}
            {mode === 'regenerate' && (
              <RegenerateCodes onClose={close} hasPassword={status.data.hasPassword} />
            )}
            {mode === 'disable' && <DisableTwoFactor onClose={close} hasPassword={status.data.hasPassword} />}
          </>
        )}
      </CardContent>
    </Card>
  )
}
