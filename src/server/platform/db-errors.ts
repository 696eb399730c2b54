/** A unique index refused the row (PostgreSQL 23505), whichever driver and wrapper carried it. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } }
  return (e.code ?? e.cause?.code) === '23505'
}

/** A foreign key refused the row (PostgreSQL 23503): it names a row that does not exist. */
export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } }
  return (e.code ?? e.cause?.code) === '23503'
}

/**
 * PostgreSQL refused a value itself (SQLSTATE class 22, data exception: text that is not a number
 * or a date, a number out of its type's range, a character it cannot store). The value came from
 * the request, so it is the caller's to mend: a contract that let it through is a gap to close,
 * but the answer is still a 400, never a 500.
 */
export function isDataException(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } }
  const code = e.code ?? e.cause?.code
  return typeof code === 'string' && code.length === 5 && code.startsWith('22')
}
