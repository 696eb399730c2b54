import { Bell, BookOpen, CreditCard, Lock, Palette, ShieldCheck, User } from 'lucide-react'
import type { ComponentType } from 'react'
import { useSearchParams } from 'react-router'
import { SETTINGS_TEXTS as T } from '#shared/contracts/settings.contract.ts'
import { IconTabsList, Tabs, TabsContent } from '#web/components/tabs.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { useCurrentUser } from '#web/lib/current-user.ts'
import { BookTab } from './book-tab.tsx'
import { BrandingTab } from './branding-tab.tsx'
import { NotificationsTab } from './notifications-tab.tsx'
import { PrivacyTab } from './privacy-tab.tsx'
import { ProfileTab } from './profile-tab.tsx'
import { SubscriptionTab } from './subscription-tab.tsx'

/** Spec §2's tabs in its order (Branding only on the executive plan), our Book tab (the agency's book of business), then our Security tab. */
const tabsWith = (SecurityTab: ComponentType) => [
  { value: 'profile', label: 'Profile', Icon: User, Panel: ProfileTab },
  { value: 'notifications', label: 'Notifications', Icon: Bell, Panel: NotificationsTab },
  { value: 'subscription', label: 'Subscription', Icon: CreditCard, Panel: SubscriptionTab },
  { value: 'branding', label: 'Branding', Icon: Palette, Panel: BrandingTab },
  { value: 'book', label: 'Book', Icon: BookOpen, Panel: BookTab },
  { value: 'privacy', label: 'Privacy & Data', Icon: Lock, Panel: PrivacyTab },
  { value: 'security', label: 'Security', Icon: ShieldCheck, Panel: SecurityTab },
]

/**
 * /settings: the open tab is in the address (?tab=) so a reload keeps it. The Security tab is
 * the auth feature's, given by the route that composes the page.
 */
export function SettingsPage({ SecurityTab }: { SecurityTab: ComponentType }) {
  const user = useCurrentUser()
  const tabs = tabsWith(SecurityTab).filter(
    (tab) => tab.value !== 'branding' || user.subscriptionTier === 'executive',
  )
  const [search, setSearch] = useSearchParams()
  const tab = tabs.find((entry) => entry.value === search.get('tab'))?.value ?? 'profile'
  const open = (next: string) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current)
        params.set('tab', next)
        return params
      },
      { replace: true },
    )
  return (
    <>
      <PageHeader title={T.title} subtitle="Your profile, notifications, plan, book and data" />
      <Tabs defaultValue="profile" value={tab} onValueChange={open}>
        <IconTabsList
          aria-label="Settings"
          className="grid w-full grid-cols-2 gap-1 lg:flex lg:w-auto"
          tabs={tabs}
        />
        {tabs.map(({ value, Panel }) => (
          <TabsContent key={value} value={value}>
            {/* Only the open tab is mounted: its calls run when someone looks at it. */}
            {value === tab && <Panel />}
          </TabsContent>
        ))}
      </Tabs>
    </>
  )
}
