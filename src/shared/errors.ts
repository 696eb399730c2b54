/** Every failure a service can name. One map below turns a code into an HTTP status. */
export const ERROR_CODES = [
  'INVALID_INPUT',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'PLAN_LIMIT_REACHED',
  'TOO_MANY_REQUESTS',
  'INTERNAL',
  /** An outside service the call depends on (the payment or a signing provider) failed or did not answer. */
  'UPSTREAM_UNAVAILABLE',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

export const ERROR_STATUS: Record<ErrorCode, number> = {
  INVALID_INPUT: 400,
  UNAUTHORIZED: 401,
  PLAN_LIMIT_REACHED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UPSTREAM_UNAVAILABLE: 502,
}

export interface FieldError {
  path: string
  message: string
}

/** Every error answer's body. Written without zod: the browser's entry chunk reads it (decision 009). */
export interface ErrorBody {
  message: string
  errors?: FieldError[]
}

/** `value` as an error body, or undefined when it is not one (a proxy's page, an empty answer). */
export function readErrorBody(value: unknown): ErrorBody | undefined {
  if (!isRecord(value) || typeof value.message !== 'string') return undefined
  if (value.errors === undefined) return { message: value.message }
  if (!Array.isArray(value.errors) || !value.errors.every(isFieldError)) return undefined
  return { message: value.message, errors: value.errors.map(({ path, message }) => ({ path, message })) }
}

function isFieldError(value: unknown): value is FieldError {
  return isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string'
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export const GENERIC_MESSAGES = {
  unauthorized: 'Unauthorized',
  forbidden: 'You do not have permission to do that.',
  notFound: 'Not found',
  internal: 'Something went wrong on our side. Please try again.',
  invalidJson: 'The request body is not valid JSON.',
  tooLarge: 'The request is too large.',
  unsupportedMediaType: 'Send the request body as JSON.',
  crossSite: 'Cross-site request refused.',
  throttled: 'Too many requests. Please wait a moment and try again.',
  malformedRequest: 'The request was cut short or is malformed. Send it again.',
  slowRequest: 'The request took too long to arrive. Send it again.',
  headersTooLarge: 'The request headers are too large.',
  busy: 'The server is busy. Please try again in a moment.',
  unstorableValue:
    'One of the values sent cannot be saved as it is (a number or date out of range, or a character that cannot be stored). Check it and send it again.',
} as const
