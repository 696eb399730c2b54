import type { PolicyStatus } from '#shared/domain/policy-ledger.ts'
import { Badge, type BadgeTone } from '#web/components/badge.tsx'
import { POLICY_STATUS_LABELS } from './policy-display.ts'

/** In force green, on its way out amber, over red; a renewed term's old policy is simply done. */
const TONES: Record<PolicyStatus, BadgeTone> = {
  active: 'green',
  pending_cancellation: 'yellow',
  cancelled: 'red',
  expired: 'neutral',
  non_renewed: 'orange',
  renewed: 'blue',
}

export function PolicyStatusBadge({ status }: { status: PolicyStatus }) {
  return <Badge tone={TONES[status]}>{POLICY_STATUS_LABELS[status]}</Badge>
}
