import { z } from 'zod'
import { isCalendarDate } from '../domain/calendar-date.ts'
import { ONBOARDING_TEXTS as T } from './onboarding-texts.ts'

/** Field schemas the onboarding calls share: the spec's required message, optional text, dates. */

const tooLong = (max: number) => T.tooLong.replace('{max}', String(max))

/** A required text: missing, blank or not a string all read 'Please fill in all required fields'. */
export const requiredText = (max = 200, message: string = T.required) =>
  z.string({ message }).trim().min(1, message).max(max, tooLong(max))

/**
 * An optional field: '' and null (a form's empty input, a round-tripped "none") mean not given,
 * kept as null; anything else must pass `inner`, with its own message. In a `.partial()` change
 * an absent key stays absent (no change).
 */
export const optional = <T extends z.ZodType>(inner: T) =>
  z
    .preprocess((value) => (value === '' || value === null ? undefined : value), inner.optional())
    .transform((value) => value ?? null)

export const optionalText = (max = 500) => optional(z.string().trim().max(max, tooLong(max)))

/** A required choice: missing or blank is the required message, an unknown value its own 400. */
export const requiredChoice = <const V extends readonly string[]>(values: V, unknown: string) =>
  z
    .string({ message: T.required })
    .trim()
    .min(1, T.required)
    .pipe(z.enum(values, { message: unknown }))

/** A change of a choice: absent is no change; an unknown value is a 400. */
export const changedChoice = <const V extends readonly string[]>(values: V, unknown: string) =>
  z.enum(values, { message: unknown }).optional()

/** A calendar date YYYY-MM-DD, optional. */
export const optionalDate = optional(z.string({ message: T.date }).trim().refine(isCalendarDate, T.date))

/** A web address for a link (a meeting, a document kept elsewhere), or our own /api path. */
export const optionalUrl = optional(
  z
    .string({ message: T.url })
    .trim()
    .max(2000, tooLong(2000))
    .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/api\/[^\s]*$/.test(value), T.url),
)

/** The agent a record belongs to, by the agent ID the agency gave them (e.g. AGT-0042). */
export const agentIdField = requiredText(64)

export const ISO_TIMESTAMP = z.iso.datetime({ offset: true, message: T.scheduledDate })
