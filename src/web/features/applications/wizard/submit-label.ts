import { APPLICATION_TEXTS } from '#shared/contracts/applications-texts.ts'
import type { SubmissionType } from '#shared/domain/carrier-matching.ts'

/** Spec part 1 §2: the submit button names what will happen. */
export function submitLabel(type: SubmissionType, matchingCount: number): string {
  if (type === 'all_carriers') return APPLICATION_TEXTS.submitAll
  if (type === 'filtered_carriers')
    return APPLICATION_TEXTS.submitFiltered.replace('{n}', String(matchingCount))
  return APPLICATION_TEXTS.submitSpecific
}
