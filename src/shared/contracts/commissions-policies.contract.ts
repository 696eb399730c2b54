import { z } from 'zod'
import {
  FULL_SHARE_BP,
  isWholeBasisPoints,
  PRODUCER_ROLES,
  percentToBp,
  RATE_KINDS,
  RATE_SOURCES,
} from '../domain/commission-math.ts'
import { TRANSACTION_KINDS } from '../domain/policy-ledger.ts'
import { defineCall } from './call.ts'
import { commissionDate, ratePercent } from './commissions.contract.ts'
import { COMMISSION_TEXTS as T } from './commissions-texts.ts'

/** A policy's commission (issue #32): each transaction's expected commission, its rate override and its producer split. */

const id = z.uuid()

/** A producer's part of a transaction's expected commission. */
export const ProducerShareSchema = z.object({
  userId: id,
  name: z.string(),
  role: z.enum(PRODUCER_ROLES),
  percent: z.number(),
  /** Dollars, signed as the commission is. */
  amount: z.number(),
})

/**
 * recorded: the expected commission is written; pending: a rate applies and the record is being
 * written (a moment after the transaction); no_rate: nothing in the schedule covers it.
 */
export const EXPECTED_STATUSES = ['recorded', 'pending', 'no_rate'] as const

export const ExpectedCommissionSchema = z.object({
  transactionId: id,
  termNumber: z.number().int(),
  kind: z.enum(TRANSACTION_KINDS),
  effectiveDate: z.string(),
  /** Dollars, signed: a cancellation's is minus its return premium. */
  premiumChange: z.number(),
  status: z.enum(EXPECTED_STATUSES),
  rateKind: z.enum(RATE_KINDS),
  /** Percent; null without a rate. */
  rate: z.number().nullable(),
  rateSource: z.enum(RATE_SOURCES).nullable(),
  /** Dollars, signed: a cancellation's is its expected chargeback. */
  expectedCommission: z.number().nullable(),
  /** Each producer's part, by the split in force on the transaction's date. */
  shares: z.array(ProducerShareSchema),
})
export type ExpectedCommission = z.infer<typeof ExpectedCommissionSchema>

export const RateOverrideSchema = z.object({
  id,
  /** Percent; null where the schedule's rate applies. Both null: the override was cleared. */
  newBusinessRate: z.number().nullable(),
  renewalRate: z.number().nullable(),
  effectiveFrom: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.iso.datetime(),
})
export type RateOverride = z.infer<typeof RateOverrideSchema>

export const ProducerSplitSchema = z.object({
  id,
  effectiveFrom: z.string(),
  producers: z.array(ProducerShareSchema.omit({ amount: true })),
  /** Made from the policy's producer (100% writing) when its first transaction was recorded. */
  isDefault: z.boolean(),
  createdByName: z.string().nullable(),
  createdAt: z.iso.datetime(),
})
export type ProducerSplit = z.infer<typeof ProducerSplitSchema>

export const PolicyCommissionSchema = z.object({
  policyId: id,
  /** Agency admins change the override and the split; everyone reads them. */
  canEdit: z.boolean(),
  /** The ledger's transactions, oldest first. */
  transactions: z.array(ExpectedCommissionSchema),
  /** Dollars: the sum of the expected commissions recorded and pending. */
  totalExpected: z.number(),
  override: z.object({ current: RateOverrideSchema.nullable(), history: z.array(RateOverrideSchema) }),
  split: z.object({ current: ProducerSplitSchema.nullable(), history: z.array(ProducerSplitSchema) }),
})
export type PolicyCommission = z.infer<typeof PolicyCommissionSchema>

const params = z.object({ policyId: id })

export const getPolicyCommissionCall = defineCall({
  method: 'GET',
  path: '/api/commissions/policies/:policyId',
  params,
  response: PolicyCommissionSchema,
})

export const SetRateOverrideSchema = z
  .object({
    newBusinessRate: ratePercent.nullable(),
    renewalRate: ratePercent.nullable(),
    /** Today unless given: terms that start on or after it earn the override. */
    effectiveFrom: commissionDate.optional(),
  })
  .strict()
export type SetRateOverrideInput = z.input<typeof SetRateOverrideSchema>

export const setRateOverrideCall = defineCall({
  method: 'PUT',
  path: '/api/commissions/policies/:policyId/override',
  params,
  body: SetRateOverrideSchema,
  response: PolicyCommissionSchema,
})

export const MAX_SPLIT_PRODUCERS = 10

const sharePercent = z
  .number({ message: T.shareInvalid })
  .finite(T.shareInvalid)
  .gt(0, T.shareInvalid)
  .max(100, T.shareInvalid)
  .refine(isWholeBasisPoints, T.shareInvalid)

export const SetProducerSplitSchema = z
  .object({
    /** Today unless given: transactions dated on or after it are split this way. */
    effectiveFrom: commissionDate.optional(),
    producers: z
      .array(
        z.object({
          userId: z.uuid({ message: T.unknownProducer }),
          role: z.enum(PRODUCER_ROLES),
          percent: sharePercent,
        }),
        { message: T.splitEmpty },
      )
      .min(1, T.splitEmpty)
      .max(MAX_SPLIT_PRODUCERS, T.splitTooMany),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.producers.length === 0) return
    const shares = input.producers.map((producer) => producer.percent)
    if (!shares.every((share) => typeof share === 'number' && Number.isFinite(share))) return
    const totalBp = shares.reduce((sum, share) => sum + percentToBp(share), 0)
    if (totalBp !== FULL_SHARE_BP)
      ctx.addIssue({
        code: 'custom',
        path: ['producers'],
        message: T.splitTotal.replace('{total}', String(totalBp / 100)),
      })
    const seen = new Set<string>()
    input.producers.forEach((producer, index) => {
      if (seen.has(producer.userId))
        ctx.addIssue({ code: 'custom', path: ['producers', index, 'userId'], message: T.splitDuplicate })
      seen.add(producer.userId)
    })
    if (!input.producers.some((producer) => producer.role === 'writing'))
      ctx.addIssue({ code: 'custom', path: ['producers'], message: T.splitNeedsWriting })
  })
export type SetProducerSplitInput = z.input<typeof SetProducerSplitSchema>

export const setProducerSplitCall = defineCall({
  method: 'PUT',
  path: '/api/commissions/policies/:policyId/split',
  params,
  body: SetProducerSplitSchema,
  response: PolicyCommissionSchema,
})
