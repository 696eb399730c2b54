import type { z } from 'zod'
import type { ApplicationListItem } from '#shared/contracts/applications.contract.ts'
import {
  ClientProfileSchema,
  CoverageRequirementsSchema,
  DEFAULT_COVERAGE_AMOUNT,
  DEFAULT_URGENCY,
  type recommendationsCall,
} from '#shared/contracts/bulk-submission.contract.ts'
import type { SMOKING_STATUSES, URGENCIES } from '#shared/domain/recommendations.ts'
import { isUsStateCode } from '#shared/domain/us-states.ts'

/** The profile form as typed: strings, so a half-typed number is kept as the agent left it. */
export interface ProfileValues {
  age: string
  creditScore: string
  state: string
  zipCode: string
  yearsInsured: string
  claimsHistory: string
  smokingStatus: (typeof SMOKING_STATUSES)[number]
  insuranceType: ApplicationListItem['insuranceType']
  coverageAmount: string
  urgency: (typeof URGENCIES)[number]
}
export type ProfileField = keyof ProfileValues
export type ProfileErrors = Partial<Record<ProfileField, string>>
export type RecommendationsBody = z.input<NonNullable<(typeof recommendationsCall)['body']>>

/** The application the modal opened for: its type and the client's stored address. */
export type BulkApplication = Pick<ApplicationListItem, 'id' | 'insuranceType' | 'client'>

/**
 * Starts from what the client's record tells: age, state and ZIP code. The state is free text
 * there; only a known code can preselect the state choice.
 */
export function initialProfileValues(application: BulkApplication): ProfileValues {
  const state = application.client.state?.trim().toUpperCase() ?? ''
  return {
    age: application.client.age === null ? '' : String(application.client.age),
    creditScore: '',
    state: isUsStateCode(state) ? state : '',
    zipCode: application.client.zipCode ?? '',
    yearsInsured: '0',
    claimsHistory: '0',
    smokingStatus: 'non_smoker',
    insuranceType: application.insuranceType,
    coverageAmount: String(DEFAULT_COVERAGE_AMOUNT),
    urgency: DEFAULT_URGENCY,
  }
}

/** Spec part 1 §4: recommendations need an age above 0. */
export function hasAge(values: Pick<ProfileValues, 'age'>): boolean {
  return Number(values.age) > 0
}

/** Friendlier than zod's range messages; the state keeps the contract's 'Choose a state'. */
const FIELD_MESSAGES: ProfileErrors = {
  age: 'Enter an age from 1 to 120',
  creditScore: 'Enter a credit score from 300 to 850, or leave it empty',
  zipCode: 'Use at most 10 characters',
  yearsInsured: 'Enter 0 to 80 years',
  claimsHistory: 'Enter 0 to 50 claims',
}

type Checked = { ok: true; body: RecommendationsBody } | { ok: false; errors: ProfileErrors }

/** Checks the form with the contract's own schemas; errors are keyed by the form's field names. */
export function toRecommendationsBody(values: ProfileValues): Checked {
  const profile = ClientProfileSchema.safeParse({
    age: values.age,
    creditScore: values.creditScore.trim() === '' ? null : values.creditScore,
    state: values.state,
    zipCode: values.zipCode.trim() || undefined,
    insuranceHistory: { yearsInsured: values.yearsInsured || 0, claimsHistory: values.claimsHistory || 0 },
    riskFactors: { smokingStatus: values.smokingStatus },
  })
  const coverage = CoverageRequirementsSchema.safeParse({
    insuranceType: values.insuranceType,
    coverageAmount: values.coverageAmount,
    urgency: values.urgency,
  })
  if (profile.success && coverage.success) {
    return {
      ok: true,
      body: { clientProfile: profile.data, coverageRequirements: coverage.data, filters: {} },
    }
  }
  const errors: ProfileErrors = {}
  for (const issue of [...(profile.error?.issues ?? []), ...(coverage.error?.issues ?? [])]) {
    const field = String(issue.path.at(-1)) as ProfileField
    errors[field] ??= FIELD_MESSAGES[field] ?? issue.message
  }
  return { ok: false, errors }
}
