import { isAgencyAdmin } from '#shared/domain/roles.ts'
import { useCurrentUser } from '#web/features/auth/auth.queries.ts'
import { ActiveSessionsCard } from './active-sessions-card.tsx'
import { AgencyTwoFactorCard } from './agency-two-factor-card.tsx'
import { ChangePasswordCard } from './change-password-card.tsx'
import { TwoFactorCard } from './two-factor-card.tsx'

/** Settings › Security (beyond the spec): password, two-factor, the agency's policy, sessions. */
export function SecurityTab() {
  const user = useCurrentUser()
  return (
    <div className="grid gap-6">
      <ChangePasswordCard />
      <TwoFactorCard />
      {isAgencyAdmin(user.role) && <AgencyTwoFactorCard />}
      <ActiveSessionsCard />
    </div>
  )
}
