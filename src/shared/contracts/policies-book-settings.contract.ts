import { z } from 'zod'
import { defineCall } from './call.ts'

export const BOOK_SETTINGS_TEXTS = {
  title: 'Book of business',
  windowInvalid: 'Enter a whole number of days from 1 to 365',
  saved: 'Book settings saved',
  saveFailed: 'The book settings were not saved',
  adminsOnly: 'Only an agency admin can change the book settings.',
} as const

/** The longest reinstatement window an agency can set: a carrier's is counted in days, not years. */
export const MAX_REINSTATEMENT_WINDOW_DAYS = 365

const windowDays = z
  .number({ message: BOOK_SETTINGS_TEXTS.windowInvalid })
  .int(BOOK_SETTINGS_TEXTS.windowInvalid)
  .min(1, BOOK_SETTINGS_TEXTS.windowInvalid)
  .max(MAX_REINSTATEMENT_WINDOW_DAYS, BOOK_SETTINGS_TEXTS.windowInvalid)

/**
 * How the agency runs its book. Renewals (horizon, milestones, threshold) and commissions
 * (tolerance) add their fields here.
 */
export const BookSettingsSchema = z.object({
  /** Days after a cancellation's effective date within which it can be reinstated. */
  reinstatementWindowDays: z.number().int(),
})
export type BookSettings = z.infer<typeof BookSettingsSchema>

export const BookSettingsInputSchema = z.object({ reinstatementWindowDays: windowDays }).strict()
export type BookSettingsInput = z.input<typeof BookSettingsInputSchema>

const BookSettingsAnswerSchema = z.object({
  settings: BookSettingsSchema,
  /** Agency admins change them; everyone reads them. */
  canEdit: z.boolean(),
})

export const getBookSettingsCall = defineCall({
  method: 'GET',
  path: '/api/settings/book',
  response: BookSettingsAnswerSchema,
})

export const updateBookSettingsCall = defineCall({
  method: 'PUT',
  path: '/api/settings/book',
  body: BookSettingsInputSchema,
  response: BookSettingsAnswerSchema,
})
