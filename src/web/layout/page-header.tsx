import { Plus } from 'lucide-react'
import { Button } from '#web/components/button.tsx'
import { useSignedInUser } from '#web/lib/current-user.ts'
import { PRODUCT_NAME } from './menu-entries.ts'
import { NotificationBell } from './notification-bell.tsx'

interface PageHeaderProps {
  title: string
  subtitle?: string
  /** The 'New Application' button appears only when a screen can open the wizard. */
  onNewApplication?: () => void
}

export function PageHeader({ title, subtitle, onNewApplication }: PageHeaderProps) {
  // A visitor on the help pages has no notifications (their count would answer 401).
  const signedIn = useSignedInUser() !== undefined
  return (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <title>{`${title} | ${PRODUCT_NAME}`}</title>
      {/* basis-56: when the title and the actions cannot share a row (390px), the actions wrap below. */}
      <div className="min-w-0 flex-1 basis-56">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-600 sm:text-base">{subtitle}</p>}
      </div>
      <div className="flex items-center gap-2">
        {onNewApplication && (
          <Button onClick={onNewApplication}>
            <Plus aria-hidden="true" />
            New Application
          </Button>
        )}
        {signedIn && <NotificationBell />}
      </div>
    </header>
  )
}
