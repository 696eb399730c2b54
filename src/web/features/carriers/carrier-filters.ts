import type { Carrier } from '#shared/contracts/carriers.contract.ts'
import { INSURANCE_TYPES, type InsuranceType } from '#shared/domain/insurance-types.ts'

export type TypeFilter = InsuranceType | 'all'

/** Spec part 1 §2: name or code, case-insensitive, combined with the type buttons. */
export function filterCarriers(carriers: readonly Carrier[], search: string, type: TypeFilter): Carrier[] {
  const needle = search.trim().toLowerCase()
  return carriers.filter(
    (carrier) =>
      (type === 'all' || carrier.supportedTypes.includes(type)) &&
      (needle === '' ||
        carrier.name.toLowerCase().includes(needle) ||
        carrier.code.toLowerCase().includes(needle)),
  )
}

/** Total plus one count per type (a carrier with several types counts in each). */
export function countCarriers(carriers: readonly Carrier[]): Record<TypeFilter, number> {
  const counts = { all: carriers.length } as Record<TypeFilter, number>
  for (const type of INSURANCE_TYPES) {
    counts[type] = carriers.filter((carrier) => carrier.supportedTypes.includes(type)).length
  }
  return counts
}

/** Spec part 1 §9: cards show 3 states, then '+N more'. */
export const VISIBLE_STATES = 3
