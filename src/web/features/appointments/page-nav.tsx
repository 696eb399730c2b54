import { ArrowLeft, House, X } from 'lucide-react'
import { Link, useLocation, useNavigate } from 'react-router'
import { Button, buttonClasses } from '#web/components/button.tsx'

/** A caller may say where Back goes: `navigate('/appointments', { state: { from: '/carriers' } })`. */
function callerPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from
  return typeof from === 'string' && from.startsWith('/') ? from : null
}

/**
 * Spec §2's header buttons: back (to the caller's path, else the previous page, else /), the
 * dashboard on small screens (where the side menu is folded away) and close (to /).
 */
export function PageNav() {
  const location = useLocation()
  const navigate = useNavigate()
  function goBack() {
    const from = callerPath(location.state)
    if (from) navigate(from)
    // 'default' is the first entry of this visit: there is no page of ours to go back to.
    else if (location.key !== 'default') navigate(-1)
    else navigate('/')
  }
  return (
    <nav aria-label="Page" className="flex items-center gap-2">
      <Button variant="ghost" size="sm" onClick={goBack} className="-ml-2">
        <ArrowLeft aria-hidden="true" />
        Back
      </Button>
      <Link to="/" className={`${buttonClasses('ghost', 'sm')} ml-auto sm:hidden`}>
        <House aria-hidden="true" />
        Home
      </Link>
      <Link to="/" aria-label="Close" className={`${buttonClasses('ghost', 'icon')} sm:ml-auto`}>
        <X aria-hidden="true" />
      </Link>
    </nav>
  )
}
