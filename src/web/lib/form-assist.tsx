import { Suspense, useContext, useEffect, useRef, useSyncExternalStore } from 'react'
import { type AssistedForm, type FormSuggestionsProps, FormSuggestionsSlot } from './form-suggestions-slot.ts'

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
