import { Upload } from 'lucide-react'
import { type DragEvent, useState } from 'react'
import type { DocumentType } from '#shared/domain/document-types.ts'
import { cn } from '#web/lib/cn.ts'
import { acceptFor } from './check-document-file.ts'

interface DocumentDropZoneProps {
  documentType: DocumentType
  label: string
  disabled: boolean
  onFile: (file: File) => void
}

/**
 * Drop a file here or choose one. The real file input stays in the tab order (visually hidden),
 * so keyboard and screen-reader users pick a file the usual way. Only the first dropped file counts.
 */
export function DocumentDropZone({ documentType, label, disabled, onFile }: DocumentDropZoneProps) {
  const [dragging, setDragging] = useState(false)
  const inputId = `upload-${documentType}`

  function drop(event: DragEvent) {
    event.preventDefault()
    setDragging(false)
    const first = event.dataTransfer.files[0]
    if (!disabled && first) onFile(first)
  }

  return (
    <label
      htmlFor={inputId}
      onDragOver={(event) => {
        event.preventDefault()
        if (!disabled) setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      data-testid={`drop-zone-${documentType}`}
      data-dragging={dragging || undefined}
      className={cn(
        'flex cursor-pointer flex-col items-center gap-1 rounded-lg border-2 border-dashed border-slate-300 bg-slate-50 px-4 py-5 text-center text-sm transition-colors',
        'hover:border-violet-700 hover:bg-violet-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-violet-700',
        dragging && 'border-violet-700 bg-violet-50',
        disabled && 'cursor-not-allowed opacity-60 hover:border-slate-300 hover:bg-slate-50',
      )}
    >
      <Upload aria-hidden="true" className="size-6 text-violet-700" />
      <span className="font-medium text-slate-900">
        {dragging ? 'Drop the file here' : 'Drag and drop a file here, or click to choose one'}
      </span>
      <input
        id={inputId}
        type="file"
        aria-label={`Choose a file for ${label}`}
        accept={acceptFor(documentType)}
        disabled={disabled}
        className="sr-only"
        onChange={(event) => {
          const first = event.target.files?.[0]
          event.target.value = ''
          if (first) onFile(first)
        }}
      />
    </label>
  )
}
