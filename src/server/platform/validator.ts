import type { FastifySchemaCompiler } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { NUL_CHARACTER_MESSAGE, pathsWithNul } from '#shared/contracts/text-rules.ts'

/**
 * Fails with one zod issue per field that holds a NUL, through zod itself, so the answer is the
 * same 400 with field messages as any other refused field.
 */
const refuseNul = validatorCompiler({
  schema: z.unknown().superRefine((value, context) => {
    for (const path of pathsWithNul(value)) {
      context.addIssue({ code: 'custom', path, message: NUL_CHARACTER_MESSAGE })
    }
  }),
  method: 'ANY',
  url: '*',
})

/**
 * The contracts' validator with the rules every text follows (text-rules.ts) checked first: each
 * body, query string and path parameter of every call, before its own schema and anything behind
 * it reads a value.
 */
export const contractValidator: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route)
  return (data) => (pathsWithNul(data).length > 0 ? refuseNul(data) : validate(data))
}
