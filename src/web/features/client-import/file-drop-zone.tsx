import { FileSpreadsheet } from 'lucide-react'
import { useId, useState } from 'react'
import { IMPORT_TEXTS } from '#shared/contracts/client-import.contract.ts'
import { Alert } from '#web/components/alert.tsx'
import { cn } from '#web/lib/cn.ts'
import { useFileDrop } from '#web/lib/use-file-drop.ts'
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
  const [rejection, setRejection] = useState<string | null>(null)

  function accept(files: readonly File[]) {
    const problem = checkImportFiles(files)
    setRejection(problem)
    if (!problem && files[0]) onFile(files[0])
  }

  const { dragging, handlers, className } = useFileDrop({ disabled, onFiles: accept })

  return (
    <div className="grid gap-3">
      <label
        htmlFor={inputId}
        {...handlers}
        data-testid="import-drop-zone"
        className={cn(className, 'gap-2 px-6 py-10')}
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
