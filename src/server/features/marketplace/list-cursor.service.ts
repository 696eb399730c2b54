import { AppError } from '#server/platform/app-error.ts'
import type { MarketplaceSort } from '#shared/contracts/marketplace.contract.ts'

/**
 * Where a page ended: the sort value (score or rank; null for newest), the creation time to the
 * microsecond as the database wrote it, and the id. Opaque to callers.
 */
export interface ListPosition {
  value: number | null
  at: string
  id: string
}

export function encodeListCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify([position.value, position.at, position.id])).toString('base64url')
}

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export function decodeListCursor(cursor: string, sort: MarketplaceSort): ListPosition {
  const invalid = () => new AppError('INVALID_INPUT', { message: 'The page cursor is not valid.' })
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw invalid()
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalid()
  const [value, at, id] = parsed as unknown[]
  const valueFits = sort === 'newest' ? value === null : typeof value === 'number' && Number.isFinite(value)
  if (
    !valueFits ||
    typeof at !== 'string' ||
    !ISO_MICROS.test(at) ||
    typeof id !== 'string' ||
    !UUID.test(id)
  )
    throw invalid()
  return { value: value as number | null, at, id }
}
