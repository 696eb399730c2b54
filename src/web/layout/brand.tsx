import { ShieldCheck } from 'lucide-react'
import { Link } from 'react-router'
import { PRODUCT_NAME } from './menu-entries.ts'

export function Brand() {
  return (
    <Link
      to="/"
      className="inline-flex min-h-11 items-center gap-2 rounded-md text-base font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-violet-700"
    >
      <span className="flex size-8 items-center justify-center rounded-md bg-violet-700 text-white">
        <ShieldCheck aria-hidden="true" className="size-5" />
      </span>
      {PRODUCT_NAME}
    </Link>
  )
}
