import { Badge } from '#web/components/badge.tsx'

/** Spec §4: 'active' is the default badge, any other status destructive; none known reads 'Unknown'. */
export function SubscriptionStatusBadge({ status }: { status: string | undefined }) {
  if (!status) return <Badge>Unknown</Badge>
  return (
    <Badge tone={status === 'active' ? 'green' : 'red'} className="capitalize">
      {status.replaceAll('_', ' ')}
    </Badge>
  )
}
