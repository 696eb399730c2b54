export const INSURANCE_TYPES = ['auto', 'property', 'life', 'commercial', 'healthcare'] as const
export type InsuranceType = (typeof INSURANCE_TYPES)[number]

export const INSURANCE_TYPE_LABELS: Record<InsuranceType, string> = {
  auto: 'Auto',
  property: 'Property',
  life: 'Life',
  commercial: 'Commercial',
  healthcare: 'Healthcare',
}
