import { NavLink } from 'react-router'
import { cn } from '#web/lib/cn.ts'
import { useSignedInUser } from '#web/lib/current-user.ts'
import { MENU_ENTRIES, type MenuEntry, SECONDARY_MENU_ENTRIES } from './menu-entries.ts'

interface MenuLinksProps {
  /** The mobile menu needs 44px touch targets. */
  touch?: boolean
  onNavigate?: () => void
}

export function MenuLinks({ touch = false, onNavigate }: MenuLinksProps) {
  const role = useSignedInUser()?.role
  const secondary = SECONDARY_MENU_ENTRIES.filter(
    (entry) => !entry.roles || (role && entry.roles.includes(role)),
  )
  return (
    <>
      <LinkList entries={MENU_ENTRIES} touch={touch} onNavigate={onNavigate} />
      <hr className="my-2 border-slate-200" />
      <LinkList entries={secondary} touch={touch} onNavigate={onNavigate} />
    </>
  )
}

function LinkList({ entries, touch, onNavigate }: MenuLinksProps & { entries: readonly MenuEntry[] }) {
  return (
    <ul className="grid gap-0.5">
      {entries.map(({ label, to, icon: Icon }) => (
        <li key={label}>
          <NavLink
            to={to}
            end={to === '/'}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-violet-700',
                touch ? 'min-h-11' : 'min-h-9',
                isActive
                  ? 'bg-violet-50 text-violet-800'
                  : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
              )
            }
          >
            <Icon aria-hidden="true" className="size-4 shrink-0" />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  )
}
