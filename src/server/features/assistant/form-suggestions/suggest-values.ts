import type { FormType } from '#shared/contracts/form-suggestions.contract.ts'
import {
  type CoverageFacts,
  type RuleSuggestion,
  suggestCoverageType,
  suggestDeductible,
  suggestLiabilityLimit,
  suggestPreferredCoverage,
} from '#shared/domain/coverage-suggestions.ts'
import { readVin } from '#shared/domain/vin.ts'
import { lookupZip } from './lookup-zip.ts'

export interface ValueSuggestion {
  fieldName: string
  suggestedValue: string
  confidence: number
  basedOn: string
}

/** A form's values flattened to dotted names, as the forms name their fields ('clientData.zipCode'). */
export type FlatForm = Map<string, unknown>

export function flatten(data: Record<string, unknown>, prefix = '', into: FlatForm = new Map()): FlatForm {
  for (const [key, value] of Object.entries(data)) {
    const name = prefix ? `${prefix}.${key}` : key
    if (value && typeof value === 'object' && !Array.isArray(value))
      flatten(value as Record<string, unknown>, name, into)
    else into.set(name, value)
  }
  return into
}

const text = (value: unknown) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : ''
const numberOf = (value: unknown) => {
  const n = typeof value === 'number' ? value : Number(text(value).replace(/[$,\s]/g, ''))
  return text(value) !== '' && Number.isFinite(n) ? n : null
}
const flagOf = (value: unknown) =>
  value === true || value === 'true' ? true : value === false || value === 'false' ? false : null

/** Where each form keeps its fields. */
const LAYOUT: Record<FormType, { client: string; vehicle: string | null }> = {
  client: { client: '', vehicle: null },
  application: { client: 'clientData.', vehicle: 'applicationData.autoData.' },
}

export interface Suggested {
  suggestions: ValueSuggestion[]
  notes: string[]
}

/**
 * Everything the assistant can suggest for the form: city and state from each ZIP, model year and
 * maker from a VIN whose check digit holds, and coverage from the documented rules. A field that
 * already holds the suggested value gets no suggestion.
 */
export function suggestValues(
  formType: FormType,
  data: Record<string, unknown>,
  now = new Date(),
): Suggested {
  const form = flatten(data)
  const layout = LAYOUT[formType]
  const out: ValueSuggestion[] = []
  const notes: string[] = []
  const add = (fieldName: string, suggestedValue: string, confidence: number, basedOn: string) => {
    if (text(form.get(fieldName)).toLowerCase() === suggestedValue.toLowerCase()) return
    out.push({ fieldName, suggestedValue, confidence, basedOn })
  }

  for (const [zipField, cityField, stateField] of [
    ['zipCode', 'city', 'state'],
    ['mailingZipCode', 'mailingCity', 'mailingState'],
  ] as const) {
    const zipText = text(form.get(layout.client + zipField))
    if (!zipText) continue
    const place = lookupZip(zipText)
    if (!place) {
      if (/^\d{5}(-\d{4})?$/.test(zipText)) notes.push(`ZIP code ${zipText} is not in the US ZIP code list.`)
      continue
    }
    add(layout.client + cityField, place.city, 0.95, `ZIP code ${place.zip}`)
    add(layout.client + stateField, place.state, 0.98, `ZIP code ${place.zip}`)
  }

  let vehicleYear = numberOf(layout.vehicle ? form.get(`${layout.vehicle}vehicleYear`) : undefined)
  const vinText = layout.vehicle ? text(form.get(`${layout.vehicle}vehicleVin`)) : ''
  if (layout.vehicle && vinText) {
    const vin = readVin(vinText, now)
    if (!vin.valid) notes.push(vin.problem!)
    else {
      const basedOn = `VIN ${vin.vin}: check digit valid`
      if (vin.modelYear !== null) {
        add(
          `${layout.vehicle}vehicleYear`,
          String(vin.modelYear),
          0.9,
          `${basedOn}, 10th character ${vin.vin[9]}`,
        )
        vehicleYear ??= vin.modelYear
      }
      if (vin.maker) {
        const confidence = vin.makerMatch === 3 ? 0.95 : 0.75
        add(
          `${layout.vehicle}vehicleMake`,
          vin.maker,
          confidence,
          `${basedOn}, manufacturer code ${vin.vin.slice(0, vin.makerMatch!)}`,
        )
      }
    }
  }

  const facts: CoverageFacts = {
    vehicleYear,
    budgetRange: text(form.get(`${layout.client}budgetRange`)) || null,
    preferredCoverage: text(form.get(`${layout.client}preferredCoverage`)) || null,
    homeOwner: flagOf(form.get(`${layout.client}homeOwner`)),
    annualIncome: numberOf(form.get(`${layout.client}annualIncome`)),
    accidentsLast5Years: numberOf(form.get(`${layout.client}accidentsLast5Years`)),
    dui: flagOf(form.get(`${layout.client}dui`)),
  }
  const fromRule = (rule: RuleSuggestion | null, fieldName: string) => {
    if (rule) add(fieldName, rule.value, rule.confidence, rule.basedOn)
  }
  fromRule(suggestPreferredCoverage(facts), `${layout.client}preferredCoverage`)
  if (layout.vehicle && isAuto(form)) {
    const coverage = suggestCoverageType(facts, now)
    fromRule(coverage, `${layout.vehicle}coverageType`)
    const chosenCoverage = text(form.get(`${layout.vehicle}coverageType`)) || coverage?.value || null
    fromRule(suggestDeductible(facts, chosenCoverage), `${layout.vehicle}deductible`)
    fromRule(suggestLiabilityLimit(facts), `${layout.vehicle}liabilityLimit`)
  }
  out.sort((a, b) => b.confidence - a.confidence)
  return { suggestions: out, notes }
}

/** An application is for auto when it says so, or when a vehicle has been described. */
function isAuto(form: FlatForm): boolean {
  const type = text(form.get('insuranceType'))
  if (type) return type === 'auto'
  return ['vehicleVin', 'vehicleYear', 'vehicleMake'].some((field) =>
    text(form.get(`applicationData.autoData.${field}`)),
  )
}
