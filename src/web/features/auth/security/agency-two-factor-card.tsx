import { useQuery } from '@tanstack/react-query'
import { SECURITY_MESSAGES } from '#shared/contracts/auth-security.contract.ts'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Switch } from '#web/components/switch.tsx'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { securityStatusQuery, useAgencyTwoFactorMutation } from './security.queries.ts'

/** For agency admins: everyone in the agency must sign in with two-factor. */
export function AgencyTwoFactorCard() {
  const status = useQuery(securityStatusQuery)
  const change = useAgencyTwoFactorMutation()
  const required = change.isPending
    ? Boolean(change.variables)
    : Boolean(status.data?.agencyRequiresTwoFactor)

  return (
    <Card>
      <CardHeader>
        <CardTitle>Agency sign-in policy</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="flex items-start justify-between gap-4">
          <div className="grid gap-1">
            <label htmlFor="require-two-factor" className="text-sm font-medium text-slate-900">
              {SECURITY_MESSAGES.requireSwitchLabel}
            </label>
            <p id="require-two-factor-hint" className="text-sm text-slate-600">
              {SECURITY_MESSAGES.requireSwitchHint}
            </p>
          </div>
          <Switch
            id="require-two-factor"
            aria-describedby="require-two-factor-hint"
            checked={required}
            disabled={!status.data || change.isPending}
            onCheckedChange={(checked) =>
              change.mutate(checked, {
                onSuccess: () =>
                  showToast({
                    title: checked ? 'Two-factor is now required' : 'Two-factor is no longer required',
                    variant: 'success',
                  }),
                onError: (error) =>
                  showToast({
                    title: 'Policy not changed',
                    description: isApiError(error) ? error.message : 'Please try again.',
                    variant: 'destructive',
                  }),
              })
            }
          />
        </div>
      </CardContent>
    </Card>
  )
}
