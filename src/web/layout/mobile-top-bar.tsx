import { Menu, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { ShellBrand } from './brand.tsx'
import { MenuLinks } from './menu-links.tsx'
import { UserFooter } from './user-footer.tsx'

const MENU_ID = 'mobile-menu'

/** Below the small breakpoint: a top bar whose menu folds open over the page. */
export function MobileTopBar() {
  const [open, setOpen] = useState(false)
  const { pathname } = useLocation()

  // Following a link (or the back button) closes the menu.
  useEffect(() => {
    if (pathname) setOpen(false)
  }, [pathname])

  // Escape closes it, as it would a dialog.
  useEffect(() => {
    if (!open) return
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false)
    }
    document.addEventListener('keydown', closeOnEscape)
    return () => document.removeEventListener('keydown', closeOnEscape)
  }, [open])

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white shadow-[inset_0_3px_0_var(--brand-accent,transparent)] sm:hidden">
      <div className="flex h-14 items-center justify-between px-3">
        <ShellBrand />
        <button
          type="button"
          aria-expanded={open}
          aria-controls={MENU_ID}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((value) => !value)}
          className="inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-700"
        >
          {open ? (
            <X aria-hidden="true" className="size-6" />
          ) : (
            <Menu aria-hidden="true" className="size-6" />
          )}
        </button>
      </div>
      {open && (
        <div
          id={MENU_ID}
          className="fixed inset-x-0 top-14 bottom-0 z-40 flex flex-col overflow-y-auto border-t border-slate-200 bg-white"
        >
          <nav aria-label="Main" className="flex-1 px-3 py-2">
            <MenuLinks touch onNavigate={() => setOpen(false)} />
          </nav>
          <UserFooter touch />
        </div>
      )}
    </header>
  )
}
