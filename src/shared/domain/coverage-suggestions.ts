/**
 * The documented rules behind the assistant's coverage suggestions (decision 017). Each reads only
 * what the form holds about the client and the vehicle, and says what it was based on. They are
 * starting points an agent confirms with the client, not underwriting.
 */
export interface CoverageFacts {
  vehicleYear: number | null
  /** Monthly budget: under_100, 100_200, 200_500, over_500. */
  budgetRange: string | null
  preferredCoverage: string | null
  homeOwner: boolean | null
  annualIncome: number | null
  accidentsLast5Years: number | null
  dui: boolean | null
}

export interface RuleSuggestion {
  field: 'coverageType' | 'deductible' | 'liabilityLimit' | 'preferredCoverage'
  value: string
  confidence: number
  basedOn: string
}

const money = (dollars: number) => `$${dollars.toLocaleString('en-US')}`

/**
 * Auto coverage type by the vehicle's age: up to 7 years, full coverage (collision and
 * comprehensive are worth their price and a lender usually requires them); 8 to 12 years,
 * comprehensive; 13 years or more, liability only (physical-damage cover can cost more than the
 * car's value would pay out).
 */
export function suggestCoverageType(facts: CoverageFacts, now = new Date()): RuleSuggestion | null {
  if (facts.vehicleYear === null) return null
  const age = Math.max(0, now.getUTCFullYear() - facts.vehicleYear)
  const years = `a ${facts.vehicleYear} vehicle (${age} ${age === 1 ? 'year' : 'years'} old)`
  if (age <= 7)
    return {
      field: 'coverageType',
      value: 'Full coverage',
      confidence: 0.8,
      basedOn: `Vehicle age: ${years}; up to 7 years old, collision and comprehensive are worth carrying`,
    }
  if (age <= 12)
    return {
      field: 'coverageType',
      value: 'Comprehensive',
      confidence: 0.6,
      basedOn: `Vehicle age: ${years}; 8 to 12 years old, comprehensive without full collision cover`,
    }
  return {
    field: 'coverageType',
    value: 'Liability only',
    confidence: 0.7,
    basedOn: `Vehicle age: ${years}; at 13 years or more, physical-damage cover rarely pays for itself`,
  }
}

/**
 * Liability limits by what the client has to protect: a homeowner or an income of $100,000 or more,
 * 250/500/250; an income of $50,000 or more, 100/300/100; a lower income, 50/100/50, raised to
 * 100/300/100 after a DUI or two or more accidents in 5 years. Without income or home, 100/300/100.
 */
export function suggestLiabilityLimit(facts: CoverageFacts): RuleSuggestion {
  const income = facts.annualIncome
  if (facts.homeOwner === true || (income !== null && income >= 100_000)) {
    const reason = facts.homeOwner === true ? 'homeowner' : `annual income ${money(income!)}`
    return {
      field: 'liabilityLimit',
      value: '250/500/250',
      confidence: 0.75,
      basedOn: `Assets to protect (${reason}): higher limits guard them in a lawsuit`,
    }
  }
  if (income !== null && income >= 50_000)
    return {
      field: 'liabilityLimit',
      value: '100/300/100',
      confidence: 0.7,
      basedOn: `Annual income ${money(income)}: 100/300/100 protects wages above the state minimums`,
    }
  const risky = facts.dui === true || (facts.accidentsLast5Years ?? 0) >= 2
  if (income !== null && !risky)
    return {
      field: 'liabilityLimit',
      value: '50/100/50',
      confidence: 0.6,
      basedOn: `Annual income ${money(income)}, no home on file: moderate limits keep the premium down`,
    }
  return {
    field: 'liabilityLimit',
    value: '100/300/100',
    confidence: 0.5,
    basedOn: risky
      ? 'Driving record (a DUI or 2+ accidents in 5 years): more exposure calls for 100/300/100'
      : 'No income or home on file: 100/300/100, the usual recommendation above state minimums',
  }
}

const DEDUCTIBLE_BY_BUDGET: Record<string, [number, string]> = {
  under_100: [1000, 'a budget under $100 a month: a higher deductible lowers the premium'],
  '100_200': [500, 'a budget of $100-200 a month: a middle deductible'],
  '200_500': [250, 'a budget of $200-500 a month leaves room for a low deductible'],
  over_500: [250, 'a budget over $500 a month leaves room for a low deductible'],
}

/**
 * Auto deductible (physical damage, so none for liability only) by the monthly budget: under $100,
 * $1,000; $100-200, $500; more, $250. A client who prefers premium coverage gets $250; without a
 * budget, $500.
 */
export function suggestDeductible(facts: CoverageFacts, coverageType: string | null): RuleSuggestion | null {
  if (coverageType === 'Liability only') return null
  if (facts.preferredCoverage === 'premium')
    return {
      field: 'deductible',
      value: '250',
      confidence: 0.6,
      basedOn: 'Preferred coverage: premium, so a low deductible',
    }
  const byBudget = facts.budgetRange ? DEDUCTIBLE_BY_BUDGET[facts.budgetRange] : undefined
  if (byBudget)
    return {
      field: 'deductible',
      value: String(byBudget[0]),
      confidence: 0.65,
      basedOn: `Budget: ${byBudget[1]}`,
    }
  return {
    field: 'deductible',
    value: '500',
    confidence: 0.45,
    basedOn: 'No budget on file: $500, a common middle deductible',
  }
}

/**
 * The client's preferred coverage level from income and home: $150,000 or more, premium; a
 * homeowner or $75,000 or more, comprehensive; $35,000 or more, standard; less, basic. Nothing
 * is suggested without an income or a home on file.
 */
export function suggestPreferredCoverage(facts: CoverageFacts): RuleSuggestion | null {
  const income = facts.annualIncome
  const suggest = (value: string, basedOn: string): RuleSuggestion => ({
    field: 'preferredCoverage',
    value,
    confidence: 0.55,
    basedOn,
  })
  if (income !== null && income >= 150_000)
    return suggest('premium', `Annual income ${money(income)}: premium coverage fits`)
  if (facts.homeOwner === true) return suggest('comprehensive', 'Homeowner: comprehensive coverage fits')
  if (income !== null && income >= 75_000)
    return suggest('comprehensive', `Annual income ${money(income)}: comprehensive coverage fits`)
  if (income !== null && income >= 35_000)
    return suggest('standard', `Annual income ${money(income)}: standard coverage fits`)
  if (income !== null) return suggest('basic', `Annual income ${money(income)}: basic coverage fits`)
  return null
}
