import { type DragEvent, useState } from 'react'
import { cn } from './cn.ts'

/**
 * A label that takes dropped files, for a visually hidden file input inside it (which keeps
 * keyboard and screen-reader users on the usual picker): whether a drag is over it, the handlers
 * to spread on the label, and its look while idle, dragged over or disabled.
 */
export function useFileDrop({ disabled, onFiles }: { disabled: boolean; onFiles: (files: File[]) => void }) {
  const [dragging, setDragging] = useState(false)
  const handlers = {
    onDragOver(event: DragEvent) {
      event.preventDefault()
      if (!disabled) setDragging(true)
    },
    onDragLeave() {
      setDragging(false)
    },
    onDrop(event: DragEvent) {
      event.preventDefault()
      setDragging(false)
      if (!disabled) onFiles(Array.from(event.dataTransfer.files))
    },
  }
  const className = cn(
    'flex cursor-pointer flex-col items-center rounded-lg border-2 border-dashed border-slate-300 bg-slate-50 text-center transition-colors',
    'hover:border-violet-700 hover:bg-violet-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-violet-700',
    dragging && 'border-violet-700 bg-violet-50',
    disabled && 'cursor-not-allowed opacity-60 hover:border-slate-300 hover:bg-slate-50',
  )
  return { dragging, handlers, className }
}
