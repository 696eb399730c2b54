import {
  BadgePercent,
  Brain,
  Building2,
  CalendarCheck,
  CircleHelp,
  CreditCard,
  Database,
  FilePlus,
  Inbox,
  LayoutDashboard,
  LockKeyhole,
  type LucideIcon,
  Mail,
  RefreshCw,
  Settings,
  ShieldCheck,
  Signature,
  Store,
  Umbrella,
  Upload,
  UserPlus,
  Users,
} from 'lucide-react'
import type { Role } from '#shared/domain/roles.ts'

export interface MenuEntry {
  label: string
  to: string
  icon: LucideIcon
  /** Shown only to these roles (absent: everyone). */
  roles?: readonly Role[]
}

/**
 * Spec part 1 §2 Shell: the menu's entries, in this order, with Policies (issue #30) beside
 * applications, then Renewals (issue #31) and Commissions (issue #32) after the policies they come from.
 */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  { label: 'Dashboard', to: '/', icon: LayoutDashboard },
  // Opens the wizard over the applications list (see ApplicationsPage).
  { label: 'New Application', to: '/applications?new=1', icon: FilePlus },
  { label: 'Policies', to: '/policies', icon: Umbrella },
  { label: 'Renewals', to: '/renewals', icon: RefreshCw },
  { label: 'Commissions', to: '/commissions', icon: BadgePercent },
  { label: 'Appointments', to: '/appointments', icon: CalendarCheck },
  { label: 'Agency Onboarding', to: '/agency-onboarding', icon: UserPlus },
  { label: 'Clients', to: '/clients', icon: Users },
  { label: 'Client Import', to: '/client-import', icon: Upload },
  { label: 'Carriers', to: '/carriers', icon: Building2 },
  { label: 'AI Intelligence', to: '/ai-intelligence', icon: Brain },
  { label: 'Agent Marketplace', to: '/agent-marketplace', icon: Store },
  { label: 'E-Signing', to: '/esigning-demo', icon: Signature },
  { label: 'Compliance', to: '/compliance', icon: ShieldCheck },
  { label: 'Subscription', to: '/subscription', icon: CreditCard },
  { label: 'Privacy Policy', to: '/privacy', icon: LockKeyhole },
  { label: 'FAQ', to: '/faq', icon: CircleHelp },
  { label: 'Contact', to: '/contact', icon: Mail },
  { label: 'Settings', to: '/settings', icon: Settings },
]

/** Ours, below the spec's entries: where carrier emails wait when SMTP is not configured (issue #5). */
export const SECONDARY_MENU_ENTRIES: readonly MenuEntry[] = [
  { label: 'Outbox', to: '/outbox', icon: Inbox },
  // Issue #19: what the Contact page sends, for the platform's own staff.
  {
    label: 'Support Inbox',
    to: '/support-inbox',
    icon: Inbox,
    roles: ['platform_owner', 'platform_admin'],
  },
  // Issue #16: the business's figures, and the database screen.
  { label: 'Owner Dashboard', to: '/owner-dashboard', icon: LayoutDashboard, roles: ['platform_owner'] },
  { label: 'Database', to: '/database', icon: Database, roles: ['platform_owner', 'platform_admin'] },
]

export const PRODUCT_NAME = 'Agency Back Office'
