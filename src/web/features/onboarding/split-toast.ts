/** '…: …' toasts of the spec ('Success: New agent added successfully!') as title and description. */
export function splitToast(text: string): { title: string; description?: string } {
  const at = text.indexOf(': ')
  return at < 0 ? { title: text } : { title: text.slice(0, at), description: text.slice(at + 2) }
}
