import { LogOut } from 'lucide-react'
import { AUTH_PAGES } from '#shared/contracts/auth-texts.ts'
import { cn } from '#web/lib/cn.ts'
import { useCurrentUser } from '#web/lib/current-user.ts'

/** The signed-in user and the way out; signing out is a full page navigation. */
export function UserFooter({ touch = false }: { touch?: boolean }) {
  const user = useCurrentUser()
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase()
  return (
    <div className="grid gap-1 border-t border-slate-200 p-3">
      <div className="flex items-center gap-3 px-1">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-violet-100 text-sm font-semibold text-violet-800"
        >
          {initials}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900">
            {user.firstName} {user.lastName}
          </p>
          <p className="truncate text-xs text-slate-600">{user.title}</p>
        </div>
      </div>
      <a
        href={AUTH_PAGES.logout}
        className={cn(
          'flex items-center gap-3 rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900',
          'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-violet-700',
          touch ? 'min-h-11' : 'min-h-9',
        )}
      >
        <LogOut aria-hidden="true" className="size-4" />
        Sign out
      </a>
    </div>
  )
}
