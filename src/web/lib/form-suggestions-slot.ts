import { type ComponentType, createContext } from 'react'
import type { FormType } from '#shared/contracts/form-suggestions.contract.ts'

/**
 * A form the assistant can help fill: its type, the fields a suggestion may fill, its values now,
 * and how to fill one. The form on screen registers itself; the assistant reads it.
 */
export interface AssistedForm {
  formType: FormType
  fieldNames: readonly string[]
  values: Record<string, unknown>
  fill: (fieldName: string, value: string) => void
}

export type FormSuggestionsProps = AssistedForm & {
  className?: string
  /** Say 'Form suggestions generated!' when new ones arrive (the widget does; a form's own panel stays quiet). */
  announce?: boolean
}

/**
 * The suggestions panel, given by the app (the assistant feature's code loads when a form first
 * shows it). Null where no assistant is wired in, e.g. a form's own tests. Apart from form-assist
 * (the forms' registry), so the shell carries only this context and the types.
 */
export const FormSuggestionsSlot = createContext<ComponentType<FormSuggestionsProps> | null>(null)
