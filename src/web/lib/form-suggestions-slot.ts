import { type ComponentType, createContext } from 'react'
import type { FormSuggestionsProps } from './form-assist.tsx'

/**
 * The suggestions panel, given by the app (the assistant feature's code loads when a form first
 * shows it). Null where no assistant is wired in, e.g. a form's own tests. Apart from form-assist,
 * so the shell carries only this context, not the forms' registry.
 */
export const FormSuggestionsSlot = createContext<ComponentType<FormSuggestionsProps> | null>(null)
