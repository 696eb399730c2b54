import { FileSpreadsheet } from 'lucide-react'
import { type DragEvent, useId, useState } from 'react'
import { IMPORT_TEXTS } from '#shared/contracts/client-import.contract.ts'
import { Alert } from '#web/components/alert.tsx'
import { cn } from '#web/lib/cn.ts'
import { checkImportFiles, IMPORT_ACCEPT } from './check-import-files.ts'

interface FileDropZoneProps {
  disabled: boolean
  onFile: (file: File) => void
}

/**
 * Drop a spreadsheet here or choose one. The real file input stays in the tab order (visually
 * hidden), so keyboard and screen-reader users pick a file the usual way.
 */
export function FileDropZone({ disabled, onFile }: FileDropZoneProps) {
  const inputId = useId()
  const [dragging, setDragging] = useState(false)
  const [rejection, setRejection] = useState<string | null>(null)

  function accept(files: readonly File[]) {
    const problem = checkImportFiles(files)
    setRejection(problem)
    if (!problem && files[0]) onFile(files[0])
  }

  function drop(event: DragEvent) {
    event.preventDefault()
    setDragging(false)
    if (!disabled) accept(Array.from(event.dataTransfer.files))
  }

  return (
    <div className="grid gap-3">
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault()
          if (!disabled) setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        data-testid="import-drop-zone"
        className={cn(
          'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center transition-colors',
          'hover:border-violet-700 hover:bg-violet-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-violet-700',
          dragging && 'border-violet-700 bg-violet-50',
          disabled && 'cursor-not-allowed opacity-60 hover:border-slate-300 hover:bg-slate-50',
        )}
      >
        <FileSpreadsheet aria-hidden="true" className="size-10 text-violet-700" />
        <span className="font-medium text-slate-900">
          {dragging ? 'Drop the file here' : 'Drag and drop a spreadsheet here, or click to choose one'}
        </span>
        <span className="text-sm text-slate-600">.xlsx, .xls or .csv — one file</span>
        <span className="text-sm text-slate-600">{IMPORT_TEXTS.sizeHint}</span>
        <input
          id={inputId}
          type="file"
          aria-label="Choose a file to import"
          accept={IMPORT_ACCEPT}
          disabled={disabled}
          className="sr-only"
          onChange={(event) => {
            accept(Array.from(event.target.files ?? []))
            event.target.value = ''
          }}
        />
      </label>
      {rejection && <Alert tone="error">{rejection}</Alert>}
    </div>
  )
}
