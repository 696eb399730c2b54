import { ERROR_STATUS, type ErrorCode, type FieldError } from '#shared/errors.ts'

/** What services throw. The error plugin turns the code into the HTTP status; the message reaches the user. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly fieldErrors?: FieldError[]
  readonly headers?: Record<string, string>

  constructor(
    code: ErrorCode,
    options: { message: string; fieldErrors?: FieldError[]; headers?: Record<string, string> },
  ) {
    super(options.message)
    this.name = 'AppError'
    this.code = code
    this.fieldErrors = options.fieldErrors
    this.headers = options.headers
  }

  get status(): number {
    return ERROR_STATUS[this.code]
  }
}

/** A 400 that names the field, shaped like a zod failure so forms show it on the field. */
export function invalidField(path: string, message: string): AppError {
  return new AppError('INVALID_INPUT', { message, fieldErrors: [{ path, message }] })
}
