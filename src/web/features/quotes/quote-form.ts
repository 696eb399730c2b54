import { QuoteInputSchema } from '#shared/contracts/quotes.contract.ts'

/** The Enter quote form as typed: strings, so a half-typed amount stays as the agent left it. */
export interface QuoteForm {
  carrierId: string
  premium: string
  termMonths: string
  effectiveDate: string
  quoteNumber: string
  expiresAt: string
  coverages: { label: string; value: string }[]
  document: FileList | null
}

/** The fields a server's 400 may name. */
export const QUOTE_FORM_FIELDS = [
  'carrierId',
  'premium',
  'termMonths',
  'effectiveDate',
  'quoteNumber',
  'expiresAt',
] as const

/** The form as the contract reads it: numbers where it wants numbers, an empty number left out. */
export function toEntry(values: QuoteForm) {
  return QuoteInputSchema.safeParse({
    carrierId: values.carrierId,
    premium: values.premium.trim() === '' ? undefined : Number(values.premium),
    termMonths: Number(values.termMonths),
    effectiveDate: values.effectiveDate,
    quoteNumber: values.quoteNumber.trim() || undefined,
    expiresAt: values.expiresAt,
    coverages: values.coverages,
  })
}
