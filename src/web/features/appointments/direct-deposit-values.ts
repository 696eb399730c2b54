import type { z } from 'zod'
import {
  BANKS,
  type DirectDeposit,
  type DirectDepositInput,
  DirectDepositInputSchema,
} from '#shared/contracts/appointments-direct-deposit.contract.ts'
import { schemaResolver } from './schema-resolver.ts'

/** The form as typed: the terms box starts unticked, which the schema refuses with its message. */
export type DirectDepositForm = Omit<DirectDepositInput, 'agreeToTerms' | 'accountType'> & {
  accountType: 'checking' | 'savings'
  agreeToTerms: boolean
}
export type DirectDepositBody = z.output<typeof DirectDepositInputSchema>

export const directDepositResolver = schemaResolver<DirectDepositForm, DirectDepositBody>(
  DirectDepositInputSchema,
)

export const DIRECT_DEPOSIT_FIELDS = [
  'bankName',
  'accountType',
  'routingNumber',
  'accountNumber',
  'confirmAccountNumber',
  'accountHolderName',
  'agreeToTerms',
] as const satisfies readonly (keyof DirectDepositForm)[]

export const OTHER_BANK = 'Other'

/** The select's choice for a saved bank name: one of the list, or Other with the name typed. */
export function bankChoiceOf(bankName: string): string {
  if (!bankName) return ''
  return (BANKS as readonly string[]).includes(bankName) && bankName !== OTHER_BANK ? bankName : OTHER_BANK
}

/** A saved account fills in what is not secret; the numbers are typed again to replace it. */
export function directDepositDefaults(saved: DirectDeposit | null | undefined): DirectDepositForm {
  return {
    bankName: saved?.bankName ?? '',
    accountType: saved?.accountType ?? 'checking',
    routingNumber: '',
    accountNumber: '',
    confirmAccountNumber: '',
    accountHolderName: saved?.accountHolderName ?? '',
    agreeToTerms: false,
  }
}
