import { Upload } from 'lucide-react'
import { useId } from 'react'
import { cn } from '#web/lib/cn.ts'
import { useFileDrop } from '#web/lib/use-file-drop.ts'

interface SigningDropZoneProps {
  label: string
  hint: string
  accept: readonly string[]
  multiple?: boolean
  disabled?: boolean
  onFiles: (files: File[]) => void
}

/** Drop files here or choose them; the real file input stays in the tab order (visually hidden). */
export function SigningDropZone({
  label,
  hint,
  accept,
  multiple,
  disabled = false,
  onFiles,
}: SigningDropZoneProps) {
  const id = useId()
  const { dragging, handlers, className } = useFileDrop({ disabled, onFiles })
  return (
    <label htmlFor={id} {...handlers} className={cn(className, 'gap-1 px-4 py-6 text-sm')}>
      <Upload aria-hidden="true" className="size-6 text-violet-700" />
      <span className="font-medium text-slate-900">
        {dragging ? 'Drop the files here' : 'Drag and drop here, or click to choose'}
      </span>
      <span className="text-slate-600">{hint}</span>
      <input
        id={id}
        type="file"
        aria-label={label}
        accept={accept.join(',')}
        multiple={multiple}
        disabled={disabled}
        className="sr-only"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? [])
          event.target.value = ''
          if (files.length > 0) onFiles(files)
        }}
      />
    </label>
  )
}
