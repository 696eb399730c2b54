import type { Executor } from '#server/db/connect.ts'
import { DEFAULT_COVERAGE_AMOUNT, DEFAULT_URGENCY } from '#shared/contracts/bulk-submission.contract.ts'
import { BUDGET_RANGES } from '#shared/contracts/clients.contract.ts'
import type { InsuranceType } from '#shared/domain/insurance-types.ts'
import {
  type ClientProfile,
  type CoverageRequirements,
  estimateYearlyQuote,
  type RecommendableCarrier,
} from '#shared/domain/recommendations.ts'
import { isUsStateCode } from '#shared/domain/us-states.ts'
import type { QuotedApplication } from '../applications/applications.service.ts'
import { findAgencyCarriers } from '../carriers/carriers.service.ts'
import { findClientRecord } from '../clients/clients.service.ts'

/** What the estimate reads of the client's record: the facts the recommendation profile takes. */
export interface EstimatedClient {
  dateOfBirth: string | null
  state: string | null
  zipCode: string | null
  creditScore: number | null
  smoker: boolean | null
  budgetRange: string | null
}

export interface EstimateBasis {
  profile: ClientProfile
  needs: CoverageRequirements
}

/** Whole years from a date of birth to `today` (both YYYY-MM-DD). */
function ageOn(dateOfBirth: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(dateOfBirth.slice(0, 4))
  return today.slice(5) < dateOfBirth.slice(5) ? years - 1 : years
}

/** The coverage amount the application asks for (life and property name one), else the wizard's default. */
function coverageAmountOf(applicationData: Record<string, unknown>): number {
  for (const block of ['lifeData', 'propertyData']) {
    const amount = (applicationData[block] as { coverageAmount?: unknown } | undefined)?.coverageAmount
    if (typeof amount === 'number' && Number.isFinite(amount) && amount >= 1) return amount
  }
  return DEFAULT_COVERAGE_AMOUNT
}

const isBudgetRange = (value: unknown): value is (typeof BUDGET_RANGES)[number] =>
  BUDGET_RANGES.includes(value as never)

/**
 * The recommendation profile of an application, as bulk submission starts it from the client's
 * record (age, state, ZIP code; the wizard's defaults for the rest), with what the record and the
 * application know besides: credit score, smoking, budget and the coverage amount asked for. Null
 * when the client has no date of birth or no US state: the recommendation had no estimate either.
 */
export function estimateBasisOf(
  insuranceType: InsuranceType,
  applicationData: Record<string, unknown>,
  client: EstimatedClient,
  today: string,
): EstimateBasis | null {
  const state = client.state?.trim().toUpperCase() ?? ''
  if (!client.dateOfBirth || !isUsStateCode(state)) return null
  const age = ageOn(client.dateOfBirth, today)
  if (age < 1 || age > 120) return null
  const credit = client.creditScore
  const budget = applicationData.budgetRange ?? client.budgetRange
  return {
    profile: {
      age,
      creditScore: credit !== null && credit >= 300 && credit <= 850 ? credit : null,
      state,
      zipCode: client.zipCode ?? undefined,
      insuranceHistory: { yearsInsured: 0, claimsHistory: 0 },
      riskFactors: { smokingStatus: client.smoker ? 'smoker' : 'non_smoker' },
      budgetRange: isBudgetRange(budget) ? budget : null,
    },
    needs: {
      insuranceType,
      coverageAmount: coverageAmountOf(applicationData),
      urgency: DEFAULT_URGENCY,
    },
  }
}

/** The recommendation's estimated yearly premium for this carrier, in whole dollars. */
export function estimateYearlyPremium(carrier: RecommendableCarrier, basis: EstimateBasis): number {
  return estimateYearlyQuote(carrier, basis.profile, basis.needs)
}

type CarrierRow = Awaited<ReturnType<typeof findAgencyCarriers>>[number]

/** A carrier of the agency as the recommendation model scores it. */
export function recommendable(carrier: CarrierRow): RecommendableCarrier {
  return {
    id: carrier.id,
    name: carrier.name,
    supportedTypes: carrier.supportedTypes,
    states: carrier.states,
    isActive: carrier.effectiveActive,
    avgPremiumCost: carrier.avgPremiumCents === null ? null : carrier.avgPremiumCents / 100,
    submissionMethod: carrier.submissionMethod,
  }
}

/**
 * The recommendation's yearly estimate for a quote arriving now, in cents, to keep with it: null
 * when the client's record cannot give one or the carrier is not the agency's to see.
 */
export async function estimateQuoteCents(
  executor: Executor,
  agencyId: string,
  application: Pick<QuotedApplication, 'clientId' | 'insuranceType' | 'applicationData'>,
  carrierId: string,
  today: string,
): Promise<number | null> {
  const [client, [carrier]] = await Promise.all([
    findClientRecord(executor, agencyId, application.clientId),
    findAgencyCarriers(executor, agencyId, [carrierId]),
  ])
  if (!client || !carrier) return null
  const basis = estimateBasisOf(application.insuranceType, application.applicationData, client, today)
  return basis ? estimateYearlyPremium(recommendable(carrier), basis) * 100 : null
}
