import { z } from 'zod'
import { isCalendarDate } from '../domain/calendar-date.ts'
import { isWholeCents } from '../domain/policy-ledger.ts'

/** The largest amount a premium field takes: a billion dollars, far past any real policy. */
const MAX_DOLLARS = 1_000_000_000

/** Dollars on the wire, at most two decimals, 0 or more (the server keeps integer cents). */
export const dollars = (message: string) =>
  z
    .number({ message })
    .finite(message)
    .min(0, message)
    .max(MAX_DOLLARS, message)
    .refine(isWholeCents, message)

/** A signed amount of dollars: a premium change, plus or minus. */
export const signedDollars = (message: string) =>
  z
    .number({ message })
    .finite(message)
    .min(-MAX_DOLLARS, message)
    .max(MAX_DOLLARS, message)
    .refine(isWholeCents, message)

/** A calendar date written YYYY-MM-DD, from year 1. */
export const calendarDate = (message: string) => z.string({ message }).trim().refine(isCalendarDate, message)
