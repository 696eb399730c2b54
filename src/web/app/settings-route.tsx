import { SecurityTab } from '#web/features/auth/security/security-tab.tsx'
import { SettingsPage } from '#web/features/settings/settings-page.tsx'

/** Settings shows the auth feature's Security tab: the route composes the features. */
export function SettingsRoute() {
  return <SettingsPage SecurityTab={SecurityTab} />
}
