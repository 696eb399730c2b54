export const INSURANCE_TYPES = ['auto', 'property', 'life', 'commercial', 'healthcare'] as const
export type InsuranceType = (typeof INSURANCE_TYPES)[number]
