import { Suspense, useContext, useEffect, useRef, useSyncExternalStore } from 'react'
import type { FormType } from '#shared/contracts/form-suggestions.contract.ts'
import { FormSuggestionsSlot } from './form-suggestions-slot.ts'

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

let active: AssistedForm | null = null
const listeners = new Set<() => void>()
const notify = () => {
  for (const listener of listeners) listener()
}

/** The form on screen that the assistant helps with, if any (the widget shows its suggestions). */
export function useActiveForm(): AssistedForm | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => active,
    () => null,
  )
}

/**
 * What a form renders where its suggestions should appear: the panel, and, while mounted, the form
 * registered as the one the assistant widget helps with.
 */
export function FormSuggestions(props: FormSuggestionsProps) {
  const Panel = useContext(FormSuggestionsSlot)
  const latest = useRef<AssistedForm>(props)
  latest.current = props
  const { formType, values } = props
  // The widget shows the form's current values: publish them whenever they change.
  useEffect(() => {
    active = {
      formType,
      fieldNames: latest.current.fieldNames,
      values,
      fill: (name, value) => latest.current.fill(name, value),
    }
    notify()
  }, [formType, values])
  useEffect(
    () => () => {
      active = null
      notify()
    },
    [],
  )
  if (!Panel) return null
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  )
}
