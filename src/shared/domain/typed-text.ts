// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

/**
 * Text a person typed, made safe to store: control characters other than tab and new lines are
 * dropped (PostgreSQL refuses NUL in text, and the others only confuse readers), and a lone half
 * of a surrogate pair becomes U+FFFD rather than invalid UTF-8.
 */
export function cleanTypedText(text: string): string {
  return (text as unknown as { toWellFormed(): string }).toWellFormed().replace(CONTROL_CHARACTERS, '')
}
