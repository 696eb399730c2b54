import { useQuery } from '@tanstack/react-query'
import { TriangleAlert } from 'lucide-react'
import { moreExpiringText, ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { expiringQuery } from './onboarding.queries.ts'
import { LicenseBadge, LoadError } from './onboarding-display.tsx'

/** How many alerts the banner names before '+N more licenses expiring soon' (§9). */
export const ALERTS_SHOWN = 3

/** License Expiration Alerts: the first 3 expiring licenses, then how many more. Hidden when none. */
export function ExpirationAlerts() {
  const { data, isError } = useQuery(expiringQuery)
  if (isError) return <LoadError message={T.fetchExpiring} />
  if (!data || data.length === 0) return null
  const more = data.length - ALERTS_SHOWN
  return (
    <section
      aria-labelledby="license-alerts-heading"
      className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="license-alerts-heading" className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="size-4" />
        {T.alertsTitle}
      </h2>
      <ul className="grid gap-1.5 text-sm">
        {data.slice(0, ALERTS_SHOWN).map((alert) => (
          <li key={alert.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-medium">{alert.agentName}</span>
            <span className="text-amber-900">
              ({alert.agentId}) · {alert.state} {alert.licenseType}
            </span>
            <LicenseBadge status="active" expirationDate={alert.expirationDate} />
          </li>
        ))}
      </ul>
      {more > 0 && <p className="text-sm font-medium">{moreExpiringText(more)}</p>}
    </section>
  )
}
