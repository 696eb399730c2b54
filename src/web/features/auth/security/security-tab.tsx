import { useQuery } from '@tanstack/react-query'
import { SECURITY_MESSAGES } from '#shared/contracts/auth-security.contract.ts'
import { isAgencyAdmin } from '#shared/domain/roles.ts'
import { Alert } from '#web/components/alert.tsx'
import { useCurrentUser } from '#web/lib/current-user.ts'
import { ActiveSessionsCard } from './active-sessions-card.tsx'
import { AgencyTwoFactorCard } from './agency-two-factor-card.tsx'
import { ChangePasswordCard } from './change-password-card.tsx'
import { securityStatusQuery } from './security.queries.ts'
import { TwoFactorCard } from './two-factor-card.tsx'

/**
 * Settings › Security (beyond the spec): password, two-factor, the agency's policy, sessions. The
 * public demo account shows only why its sign-in settings are fixed, and its sessions.
 */
export function SecurityTab() {
  const user = useCurrentUser()
  const status = useQuery(securityStatusQuery)
  if (status.data?.demoAccount) {
    return (
      <div className="grid gap-6">
        <Alert tone="info" title="Sign-in settings">
          {SECURITY_MESSAGES.demoAccountLocked}
        </Alert>
        <ActiveSessionsCard />
      </div>
    )
  }
  return (
    <div className="grid gap-6">
      <ChangePasswordCard />
      <TwoFactorCard />
      {isAgencyAdmin(user.role) && <AgencyTwoFactorCard />}
      <ActiveSessionsCard />
    </div>
  )
}
