import { z } from 'zod'
import { isNineDigits, passesAbaChecksum } from '../domain/aba-routing.ts'
import { defineCall } from './call.ts'

/** Texts of spec part 2 §5 (Direct deposit), §8 and §9; the checksum and digit messages are ours. */
export const DIRECT_DEPOSIT_TEXTS = {
  title: 'Direct Deposit',
  saved: 'Direct deposit information saved successfully',
  saveFailed: 'Failed to save direct deposit information',
  bankName: 'Bank name is required',
  routingNumber: 'Routing number must be 9 digits',
  routingChecksum:
    'This is not a valid routing number: its check digit does not match. Copy it again from a check.',
  accountNumber: 'Account number must be at least 4 digits',
  accountTooLong: 'Account number can be at most 17 digits',
  accountDigits: 'Account number must contain digits only',
  confirmAccountNumber: 'Please confirm account number',
  accountsMatch: 'Account numbers must match',
  accountHolderName: 'Account holder name is required',
  agreeToTerms: 'You must agree to terms',
} as const

export const BANKS = [
  'Bank of America',
  'Chase Bank',
  'Wells Fargo',
  'Citibank',
  'US Bank',
  'PNC Bank',
  'Capital One',
  'TD Bank',
  'Truist Bank',
  'Other',
] as const
export const ACCOUNT_TYPES = ['checking', 'savings'] as const
export const ACCOUNT_NUMBER_MAX = 17

const D = DIRECT_DEPOSIT_TEXTS
const digits = (value: string) => value.replace(/[\s-]/g, '')

export const DirectDepositInputSchema = z
  .object({
    bankName: z.string({ message: D.bankName }).trim().min(1, D.bankName).max(100),
    accountType: z.enum(ACCOUNT_TYPES).default('checking'),
    routingNumber: z
      .string({ message: D.routingNumber })
      .transform(digits)
      .refine(isNineDigits, D.routingNumber)
      .refine((value) => !isNineDigits(value) || passesAbaChecksum(value), D.routingChecksum),
    accountNumber: z
      .string({ message: D.accountNumber })
      .transform(digits)
      .refine((value) => /^\d*$/.test(value), D.accountDigits)
      .refine((value) => value.length >= 4, D.accountNumber)
      .refine((value) => value.length <= ACCOUNT_NUMBER_MAX, D.accountTooLong),
    confirmAccountNumber: z
      .string({ message: D.confirmAccountNumber })
      .transform(digits)
      .refine((value) => value.length >= 4, D.confirmAccountNumber),
    accountHolderName: z.string({ message: D.accountHolderName }).trim().min(1, D.accountHolderName).max(120),
    agreeToTerms: z.union([z.literal(true), z.literal('true').transform(() => true as const)], {
      message: D.agreeToTerms,
    }),
  })
  .refine((value) => value.accountNumber === value.confirmAccountNumber, {
    path: ['confirmAccountNumber'],
    message: D.accountsMatch,
    // Also beside other fields' messages, once both numbers are long enough to compare.
    when: (payload) => {
      // The check runs beside the other fields' messages, so before zod has refused a body that
      // is not an object at all (null, a list): there is nothing to compare then.
      const fields = payload.value
      if (typeof fields !== 'object' || fields === null) return false
      const { accountNumber, confirmAccountNumber } = fields as Record<string, unknown>
      return [accountNumber, confirmAccountNumber].every(
        (each) => typeof each === 'string' && each.length >= 4,
      )
    },
  })
export type DirectDepositInput = z.input<typeof DirectDepositInputSchema>

/** As saved, with both numbers masked; revealing them is a separate, audited call. */
export const DirectDepositSchema = z.object({
  bankName: z.string(),
  accountType: z.enum(ACCOUNT_TYPES),
  routingNumberMasked: z.string(),
  accountNumberMasked: z.string(),
  accountHolderName: z.string(),
  updatedAt: z.string(),
})
export type DirectDeposit = z.infer<typeof DirectDepositSchema>

const path = '/api/appointments/direct-deposit'
const saveCall = { path, body: DirectDepositInputSchema, response: DirectDepositSchema } as const
/** The spec leaves the path to us: PUT replaces the agent's one account; POST is the same call. */
export const saveDirectDepositCall = defineCall({ method: 'PUT', ...saveCall })
export const postDirectDepositCall = defineCall({ method: 'POST', ...saveCall })

export const getDirectDepositCall = defineCall({
  method: 'GET',
  path,
  response: z.object({ directDeposit: DirectDepositSchema.nullable() }),
})

export const revealDirectDepositCall = defineCall({
  method: 'POST',
  path: `${path}/reveal`,
  response: z.object({ routingNumber: z.string(), accountNumber: z.string() }),
})
