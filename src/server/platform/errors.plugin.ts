import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { type ErrorBody, GENERIC_MESSAGES } from '#shared/errors.ts'
import { AppError } from './app-error.ts'
import { isDataException } from './db-errors.ts'

/** Fastify's own client errors we answer with a readable message of ours instead of its text. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: GENERIC_MESSAGES.tooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: GENERIC_MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: GENERIC_MESSAGES.invalidJson },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: GENERIC_MESSAGES.invalidJson },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: GENERIC_MESSAGES.invalidJson },
  FST_ERR_RATE_LIMIT_EXCEEDED: { status: 429, message: GENERIC_MESSAGES.throttled },
}

/**
 * One place turns every failure into the error body `{ message, errors? }`: AppError by its code,
 * zod failures into 400 with per-field messages, anything else into a generic 500 whose details
 * go only to the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { message: error.message }
      if (error.fieldErrors) body.errors = error.fieldErrors
      if (error.status >= 500) request.log.error({ err: error }, 'service error')
      return reply
        .headers(error.headers ?? {})
        .status(error.status)
        .send(body)
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: issue.instancePath.slice(1).replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }))
      return reply.status(400).send({ message: errors[0]?.message ?? 'Invalid input', errors })
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema')
      return reply.status(500).send({ message: GENERIC_MESSAGES.internal })
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined
    if (known) return reply.status(known.status).send({ message: known.message })
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply.status(400).send({ message: GENERIC_MESSAGES.invalidJson })
    }
    if (isDataException(error)) {
      // A contract let a value through that the database refuses: the caller's to mend, and ours
      // to close in the contract, hence a warning rather than silence.
      request.log.warn(
        { err: error, code: error.code ?? (error.cause as { code?: string })?.code },
        'value refused by the database',
      )
      return reply.status(400).send({ message: GENERIC_MESSAGES.unstorableValue })
    }
    if (error.statusCode === 429) return reply.status(429).send({ message: GENERIC_MESSAGES.throttled })
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error')
      return reply.status(error.statusCode).send({ message: error.message })
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send({ message: GENERIC_MESSAGES.internal })
  })
}
