import { AppError } from './app-error.ts'

/** A page position for newest-first lists: the last row's creation time and id, opaque to callers. */
export interface PagePosition {
  createdAt: Date
  id: string
}

export function encodeCursor(position: PagePosition): string {
  return Buffer.from(`${position.createdAt.toISOString()}|${position.id}`).toString('base64url')
}

export function decodeCursor(cursor: string): PagePosition {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|')
  const createdAt = new Date(at ?? '')
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new AppError('INVALID_INPUT', { message: 'The page cursor is not valid.' })
  }
  return { createdAt, id }
}
