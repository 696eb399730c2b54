/** A shown name is at most this long: enough for any real file name, short enough for a list. */
export const MAX_FILE_NAME_LENGTH = 200
const FALLBACK_NAME = 'document'

// Control characters, and the bidirectional overrides that can make 'cod.exe' read as 'exe.doc'.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g
/** Half of a surrogate pair with no other half: not text, and encodeURIComponent throws on it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/**
 * The name a user's file is shown and downloaded under: the last part of whatever path the
 * browser sent, without control characters, trimmed, and cut to 200 characters keeping its
 * extension. It is only a label: the file is stored under a key the server makes.
 */
export function displayFileName(sent: string): string {
  const base = (sent.split(/[\\/]/).pop() ?? '').replace(UNSAFE, '').replace(LONE_SURROGATE, '').trim()
  const name = base.replace(/^\.+$/, '')
  if (!name) return FALLBACK_NAME
  const chars = [...name]
  if (chars.length <= MAX_FILE_NAME_LENGTH) return name
  const dot = name.lastIndexOf('.')
  const extension = dot > 0 ? [...name.slice(dot)] : []
  if (extension.length === 0 || extension.length > 16) return chars.slice(0, MAX_FILE_NAME_LENGTH).join('')
  return chars.slice(0, MAX_FILE_NAME_LENGTH - extension.length).join('') + extension.join('')
}

/** Characters RFC 5987 lets through unencoded; everything else is %-encoded UTF-8. */
const encodeExtValue = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/**
 * Content-Disposition of a download: always an attachment. The plain `filename` keeps only
 * letters, digits, dots, dashes and underscores, so no quote, semicolon or line break reaches the
 * header; when that changed the name, `filename*` carries it whole, %-encoded, for browsers (all
 * current ones) that read it.
 */
export function attachmentDisposition(name: string): string {
  const plain = name.replace(/[^\w.-]/g, '_') || FALLBACK_NAME
  const header = `attachment; filename="${plain}"`
  return plain === name ? header : `${header}; filename*=UTF-8''${encodeExtValue(name)}`
}
