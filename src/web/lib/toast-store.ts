/**
 * The one toast on screen. Kept outside React so the query cache (session expiry) can raise a toast;
 * the spec allows at most one at a time, so a new toast replaces the current one.
 */
export type ToastVariant = 'default' | 'success' | 'destructive'

export interface ToastMessage {
  id: number
  title: string
  description?: string
  variant: ToastVariant
}

type Listener = () => void

let current: ToastMessage | null = null
let nextId = 1
const listeners = new Set<Listener>()

export function showToast(input: { title: string; description?: string; variant?: ToastVariant }): void {
  current = {
    id: nextId++,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
  }
  notifyListeners()
}

export function dismissToast(id: number): void {
  if (current?.id !== id) return
  current = null
  notifyListeners()
}

export function getCurrentToast(): ToastMessage | null {
  return current
}

export function subscribeToToasts(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function notifyListeners(): void {
  for (const listener of listeners) listener()
}
