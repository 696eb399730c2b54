import type { z } from 'zod'
import {
  type ApplicationData,
  type CreateApplicationInput,
  WizardClientSchema,
} from '#shared/contracts/applications.contract.ts'
import type { InsuranceType } from '#shared/domain/insurance-types.ts'
import type { FieldError } from '#shared/errors.ts'
import { COVERAGE_BLOCKS, type CoverageField, EXTRA_FIELDS, toNumber } from './coverage-fields.ts'
import { CLIENT_FIELD_NAMES, type WizardValues } from './wizard-values.ts'

export type WizardClient = z.output<typeof WizardClientSchema>

/** The personal fields checked with the wizard's messages; errors carry their form paths. */
export function validateWizardClient(
  values: WizardValues,
): { ok: true; client: WizardClient } | { ok: false; errors: FieldError[] } {
  const parsed = WizardClientSchema.safeParse(values.clientData)
  if (parsed.success) return { ok: true, client: parsed.data }
  const errors = parsed.error.issues.map((issue) => ({
    path: `clientData.${issue.path.join('.')}`,
    message: issue.message,
  }))
  return { ok: false, errors }
}

function readFields(fields: readonly CoverageField[], source: Record<string, string>) {
  const out: Record<string, string | number> = {}
  for (const field of fields) {
    const raw = source[field.name]
    const value = field.kind === 'number' ? toNumber(raw) : raw?.trim() || undefined
    if (value !== undefined) out[field.name] = value
  }
  return out
}

/** The chosen type's block and the extra fields that fit it. */
export function buildApplicationData(values: WizardValues, type: InsuranceType): ApplicationData {
  const { key, fields } = COVERAGE_BLOCKS[type]
  const block: Record<string, unknown> = readFields(fields, values.applicationData[key])
  if (type === 'life') block.healthQuestions = { ...values.healthQuestions }
  if (type === 'commercial' && values.coverageTypes.length > 0)
    block.coverageTypes = [...values.coverageTypes]
  const data: Record<string, unknown> = {
    [key]: block,
    ...readFields(EXTRA_FIELDS[type] ?? [], values.extras),
  }
  if (type === 'healthcare') Object.assign(data, values.flags)
  // Step 3's preferences travel with the application too, so they are kept for an existing client.
  const { budgetRange, preferredCoverage } = values.clientData as Record<string, string | undefined>
  if (budgetRange) data.budgetRange = budgetRange
  if (preferredCoverage) data.preferredCoverage = preferredCoverage
  return data as ApplicationData
}

export type ClientReference = { clientId: string } | { clientData: WizardClient }

/**
 * The submission split of spec part 1 §3: the client by id or by its fields, a bulk flag unless
 * specific carriers were chosen, the filters only for a filtered submission (else null), the
 * carriers only for a specific one, and the chosen type's data.
 */
export function buildApplicationPayload(
  values: WizardValues,
  client: ClientReference,
): CreateApplicationInput {
  if (values.insuranceType === '') throw new Error('Choose an insurance type first')
  const type = values.bulkSubmissionType
  const specific = type === 'specific_carriers'
  const notes = values.notes.trim()
  return {
    ...client,
    insuranceType: values.insuranceType,
    isBulkSubmission: !specific,
    bulkSubmissionType: type,
    carrierFilters:
      type === 'filtered_carriers'
        ? {
            ...values.carrierFilters,
            preferredFinancialStrength: [...values.carrierFilters.preferredFinancialStrength],
          }
        : null,
    carrierId: specific ? values.carrierId : undefined,
    secondaryCarrierId: specific && values.secondaryCarrierId ? values.secondaryCarrierId : undefined,
    applicationData: buildApplicationData(values, values.insuranceType),
    notes: notes || undefined,
  }
}

const TOP_LEVEL = ['insuranceType', 'clientId', 'carrierId', 'secondaryCarrierId', 'notes']
const BLOCK_KEYS = new Set(Object.values(COVERAGE_BLOCKS).map((block) => block.key))
const EXTRA_NAMES = new Set(Object.values(EXTRA_FIELDS).flatMap((fields) => fields.map((f) => f.name)))
const CLIENT_NAMES = new Set<string>(CLIENT_FIELD_NAMES)

/**
 * Where a server field path shows in the wizard, or undefined when no field holds it. Paths from
 * the create-client call (the dashboard flow) have no 'clientData.' prefix.
 */
export function toWizardPath(serverPath: string, fromClientCall = false): string | undefined {
  const path = fromClientCall ? `clientData.${serverPath}` : serverPath
  const [head, second, third] = path.split('.')
  if (head === 'clientData') return second && CLIENT_NAMES.has(second) ? path : undefined
  if (head === 'carrierFilters') return path
  if (head === 'applicationData' && second) {
    if (BLOCK_KEYS.has(second as never) && third) return `applicationData.${second}.${third}`
    if (EXTRA_NAMES.has(second)) return `extras.${second}`
    return undefined
  }
  return TOP_LEVEL.includes(path) ? path : undefined
}

const COVERAGE_CLIENT_FIELDS = ['clientData.budgetRange', 'clientData.preferredCoverage']

/** The step (0-3) that shows a wizard path. */
export function stepOfPath(path: string): number {
  if (path === 'insuranceType') return 0
  if (COVERAGE_CLIENT_FIELDS.includes(path)) return 2
  if (path === 'clientId' || path.startsWith('clientData.')) return 1
  if (path === 'notes' || path.startsWith('applicationData.') || path.startsWith('extras.')) return 2
  return 3
}
