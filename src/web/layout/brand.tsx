import { ShieldCheck } from 'lucide-react'
import { Link } from 'react-router'
import type { Branding } from '#shared/contracts/settings.contract.ts'
import { PRODUCT_NAME } from './menu-entries.ts'
import { useShellBranding } from './use-shell-branding.ts'

/** The signed-in shell's brand: the agency's own when its plan includes branding. */
export function ShellBrand() {
  return <Brand branding={useShellBranding()} />
}

/** The product's mark and name, or the agency's logo and organization name when it brands the shell. */
export function Brand({ branding = null }: { branding?: Branding | null }) {
  const name = branding?.organizationName || PRODUCT_NAME
  return (
    <Link
      to="/"
      aria-label={branding?.logoUrl ? `${name} home` : undefined}
      className="inline-flex min-h-11 min-w-0 items-center gap-2 rounded-md text-base font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-violet-700"
    >
      {branding?.logoUrl ? (
        <img
          src={branding.logoUrl}
          alt=""
          data-testid="brand-logo"
          className="max-h-10 max-w-[120px] shrink-0 object-contain"
        />
      ) : (
        <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-violet-700 text-white">
          <ShieldCheck aria-hidden="true" className="size-5" />
        </span>
      )}
      <span className="truncate" title={name}>
        {name}
      </span>
    </Link>
  )
}
