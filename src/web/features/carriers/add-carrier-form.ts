import { zodResolver } from '@hookform/resolvers/zod'
import type { ChangeEvent } from 'react'
import type { Resolver } from 'react-hook-form'
import { type CarrierInput, CarrierInputSchema } from '#shared/contracts/carriers.contract.ts'
import type { InsuranceType } from '#shared/domain/insurance-types.ts'

export type CarrierForm = {
  name: string
  code: string
  state: string
  supportedTypes: InsuranceType[]
} & Pick<CarrierInput, 'submissionMethod' | 'notes' | 'contactEmail'>

export const EMPTY_CARRIER: CarrierForm = {
  name: '',
  code: '',
  state: '',
  supportedTypes: [],
  submissionMethod: 'api',
  notes: '',
  contactEmail: '',
}

export const CARRIER_FIELDS = Object.keys(EMPTY_CARRIER) as (keyof CarrierForm)[]

// The form starts with no state chosen (''), which the schema's enum refuses with its message.
export const carrierResolver = zodResolver(CarrierInputSchema, undefined, {
  raw: true,
}) as unknown as Resolver<CarrierForm>

/** Spec part 1 §7: the form's fields, created active, with the primary state as its one state. */
export function toCarrierInput(values: CarrierForm): CarrierInput {
  return {
    ...values,
    state: values.state as CarrierInput['state'],
    isActive: true,
    states: [values.state],
  }
}

/** Upper-cases the code as it is typed, keeping the caret where it was. */
export function upperCaseInput(event: ChangeEvent<HTMLInputElement>): void {
  const { selectionStart, selectionEnd } = event.target
  event.target.value = event.target.value.toUpperCase()
  event.target.setSelectionRange(selectionStart, selectionEnd)
}
