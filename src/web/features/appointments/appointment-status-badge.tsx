import { CircleCheck, CircleX, Clock, type LucideIcon, TriangleAlert } from 'lucide-react'
import {
  APPOINTMENT_STATUS_LABELS,
  type CarrierAppointmentStatus,
} from '#shared/domain/appointment-status.ts'
import { Badge, type BadgeTone } from '#web/components/badge.tsx'

const LOOKS: Partial<Record<string, { tone: BadgeTone; Icon: LucideIcon }>> = {
  submitted: { tone: 'blue', Icon: Clock },
  pending: { tone: 'blue', Icon: Clock },
  approved: { tone: 'green', Icon: CircleCheck },
  rejected: { tone: 'red', Icon: CircleX },
}
const WARNING = { tone: 'yellow', Icon: TriangleAlert } as const

/** Spec §4: submitted and pending blue with a clock, approved green, rejected red, anything else a yellow warning. */
export function AppointmentStatusBadge({ status }: { status: CarrierAppointmentStatus | (string & {}) }) {
  const { tone, Icon } = LOOKS[status] ?? WARNING
  const label = APPOINTMENT_STATUS_LABELS[status as CarrierAppointmentStatus] ?? status
  return (
    <Badge tone={tone} className="gap-1" data-status={status}>
      <Icon aria-hidden="true" className="size-3" />
      {label}
    </Badge>
  )
}
