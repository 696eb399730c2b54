import { ShellBrand } from './brand.tsx'
import { MenuLinks } from './menu-links.tsx'
import { UserFooter } from './user-footer.tsx'

/** The desktop menu: fixed to the left, its links scroll when the window is short. */
export function SideMenu() {
  return (
    <aside
      // The agency's accent (when it brands the shell) as a stripe along the top; nothing otherwise.
      className="fixed inset-y-0 left-0 hidden w-64 flex-col border-r border-slate-200 bg-white shadow-[inset_0_3px_0_var(--brand-accent,transparent)] sm:flex"
    >
      <div className="flex h-16 shrink-0 items-center px-4">
        <ShellBrand />
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 pb-3">
        <MenuLinks />
      </nav>
      <UserFooter />
    </aside>
  )
}
