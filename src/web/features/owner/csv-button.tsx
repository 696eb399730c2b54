import { Download } from 'lucide-react'
import { OWNER_TEXTS } from '#shared/contracts/owner.contract.ts'
import { Button } from '#web/components/button.tsx'
import { downloadCsv } from '#web/lib/csv-download.ts'

/** Exports one list exactly as the screen shows it. */
export function CsvButton({
  fileName,
  columns,
  rows,
  label,
}: {
  fileName: string
  columns: readonly { key: string; label: string }[]
  rows: readonly object[]
  label: string
}) {
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={rows.length === 0}
      aria-label={`${OWNER_TEXTS.exportCsv}: ${label}`}
      onClick={() => downloadCsv(fileName, columns, rows)}
    >
      <Download aria-hidden="true" />
      {OWNER_TEXTS.exportCsv}
    </Button>
  )
}
