/**
 * Rules every text a call receives follows, whatever its field. PostgreSQL cannot store the NUL
 * character (U+0000) in text, and no person types one, so a NUL anywhere in a call's input (a
 * field, a query parameter, a path parameter, a key) is refused with this message on its field,
 * before any rule or query sees it. The server applies it to every call's input at the one place
 * every contract passes through (its validator), so a call added later gets it without asking.
 */
export const NUL_CHARACTER_MESSAGE = 'Remove the invisible NUL character from this field: it cannot be saved.'

/** At most this many fields are named: a body of a thousand NULs needs no thousand messages. */
const MAX_FOUND = 20
const MAX_DEPTH = 64

/** The paths (as lists of keys) of every string in `value` that holds a NUL, keys included. */
export function pathsWithNul(value: unknown): (string | number)[][] {
  const found: (string | number)[][] = []
  const visit = (node: unknown, path: (string | number)[], depth: number): void => {
    if (found.length >= MAX_FOUND) return
    if (typeof node === 'string') {
      if (node.includes('\u0000')) found.push(path)
      return
    }
    if (typeof node !== 'object' || node === null || depth > MAX_DEPTH) return
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) visit(item, [...path, index], depth + 1)
      return
    }
    for (const [key, item] of Object.entries(node)) {
      if (key.includes('\u0000')) found.push([...path, key])
      else visit(item, [...path, key], depth + 1)
    }
  }
  visit(value, [], 0)
  return found
}
