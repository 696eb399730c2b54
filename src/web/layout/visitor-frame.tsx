import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { buttonClasses } from '#web/components/button.tsx'
import { Brand } from './brand.tsx'

/**
 * The help pages (FAQ, Contact) as a signed-out visitor sees them: someone who cannot sign in can
 * still read the FAQ and write to support. No menu, bell or assistant: those need an account.
 */
export function VisitorFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-2 sm:px-8">
        <Brand />
        <nav aria-label="Help" className="flex items-center gap-1 text-sm font-medium">
          <Link to="/faq" className={buttonClasses('ghost', 'sm')}>
            FAQ
          </Link>
          <Link to="/contact" className={buttonClasses('ghost', 'sm')}>
            Contact
          </Link>
          <Link to="/login" className={buttonClasses('outline', 'sm')}>
            Sign in
          </Link>
        </nav>
      </header>
      <main className="mx-auto grid max-w-5xl gap-6 px-4 py-6 sm:px-8 sm:py-8">{children}</main>
    </div>
  )
}
