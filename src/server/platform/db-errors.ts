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
