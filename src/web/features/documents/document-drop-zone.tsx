import { Upload } from 'lucide-react'
import type { DocumentType } from '#shared/domain/document-types.ts'
import { cn } from '#web/lib/cn.ts'
import { useFileDrop } from '#web/lib/use-file-drop.ts'
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
  const { dragging, handlers, className } = useFileDrop({
    disabled,
    // Only the first dropped file counts.
    onFiles: (files) => files[0] && onFile(files[0]),
  })
  const inputId = `upload-${documentType}`

  return (
    <label
      htmlFor={inputId}
      {...handlers}
      data-testid={`drop-zone-${documentType}`}
      data-dragging={dragging || undefined}
      className={cn(className, 'gap-1 px-4 py-5 text-sm')}
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
