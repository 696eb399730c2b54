import { INSURANCE_TYPE_LABELS, type InsuranceType } from '#shared/domain/insurance-types.ts'
import { Badge, type BadgeTone } from './badge.tsx'

export { INSURANCE_TYPE_LABELS }

/** Spec part 1 §9: auto blue, property green, life purple; the other two are ours. */
const TONES: Record<InsuranceType, BadgeTone> = {
  auto: 'blue',
  property: 'green',
  life: 'violet',
  commercial: 'orange',
  healthcare: 'neutral',
}

export function InsuranceTypeBadge({ type }: { type: InsuranceType }) {
  return (
    <Badge
      tone={TONES[type]}
      className={type === 'healthcare' ? 'border-teal-200 bg-teal-50 text-teal-800' : undefined}
    >
      {INSURANCE_TYPE_LABELS[type]}
    </Badge>
  )
}
