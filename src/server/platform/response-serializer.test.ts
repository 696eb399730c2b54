import {
  isResponseSerializationError,
  serializerCompiler as providerCompiler,
} from 'fastify-type-provider-zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { recommendationsCall } from '#shared/contracts/bulk-submission.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { encodesAsParsed, serializerCompiler } from './response-serializer.ts'

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/api/x', httpStatus: '200' }) as never

/** What a compiler answers for a value: the JSON it sends, or the issues it refuses it with. */
function answer(compiler: typeof serializerCompiler, schema: z.ZodType, value: unknown) {
  try {
    return { json: compiler(route(schema))(value) }
  } catch (error) {
    return isResponseSerializationError(error)
      ? { refused: true, issues: error.cause.issues }
      : { thrown: String(error) }
  }
}

const recommendation = {
  carrier: {
    id: 'c1',
    name: 'Amberfield Mutual',
    code: 'AMB',
    submissionMethod: 'api',
    licensedStates: ['TX'],
    financialStrength: 'A',
    avgPremiumCost: 120.5,
    coverageRating: 4,
    consumerConfidenceScore: 4.2,
  },
  matchScore: 81,
  recommendationLevel: 'good',
  estimatedQuote: 1446,
  processingTime: 'Instant to 1 business day',
  reasons: ['Coverage rating 4/5', 'Licensed in TX'],
}

const cases: [string, z.ZodType, unknown[]][] = [
  [
    'unread count',
    unreadCountCall.response,
    [{ unreadCount: 3 }, { unreadCount: 1.5 }, { unreadCount: 3, x: 1 }, {}],
  ],
  [
    'recommendations',
    recommendationsCall.response,
    [[recommendation], [{ ...recommendation, matchScore: 101 }], [{ ...recommendation, extra: true }], 'no'],
  ],
  [
    'a date',
    z.object({ at: z.date(), note: z.string().trim().nullable() }),
    [{ at: new Date(0), note: ' a ' }],
  ],
  ['a union', z.array(z.union([z.string().min(2), z.number()])), [['ab', 1], ['a'], [true]]],
  ['a default', z.object({ n: z.number().default(3) }), [{}, { n: 1 }]],
  ['a transform', z.object({ n: z.string().transform((s) => s.length) }), [{ n: 'abc' }]],
  [
    'a codec',
    z.object({
      at: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }),
    }),
    [{ at: new Date(0) }, { at: 'x' }],
  ],
  [
    'a discriminated union',
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('a'), a: z.number() }),
      z.object({ kind: z.literal('b') }),
    ]),
    [{ kind: 'a', a: 1 }, { a: 1 }, { kind: 'b' }],
  ],
  [
    'a refined object',
    z.object({ a: z.number(), b: z.number() }).refine((v) => v.a < v.b),
    [
      { a: 1, b: 2 },
      { a: 2, b: 1, c: 0 },
    ],
  ],
  ['a catch', z.object({ n: z.number().catch(0) }), [{ n: 'x' }]],
]

describe('the response serializer', () => {
  it.each(cases)(
    'answers %s exactly as the type provider’s encoding does, valid or not',
    (_name, schema, values) => {
      for (const value of values) {
        expect(answer(serializerCompiler, schema, value)).toEqual(answer(providerCompiler, schema, value))
      }
    },
  )

  it('parses where encoding and parsing agree, and leaves the rest to encoding', () => {
    expect(encodesAsParsed(unreadCountCall.response)).toBe(true)
    expect(encodesAsParsed(recommendationsCall.response)).toBe(true)
    for (const [name, schema] of cases.slice(4)) expect(encodesAsParsed(schema), name).toBe(false)
  })

  it('refuses an answer that breaks its contract with the error the error handler expects', () => {
    expect(answer(serializerCompiler, unreadCountCall.response, { unreadCount: 'x' })).toMatchObject({
      refused: true,
      issues: [{ code: 'invalid_type', path: ['unreadCount'] }],
    })
  })
})
