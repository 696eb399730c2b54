import { CircleCheck, TriangleAlert } from 'lucide-react'
import type { ProducerProfile } from '#shared/contracts/appointments-producer-profile.contract.ts'
import { Badge } from '#web/components/badge.tsx'
import { formatDate } from '#web/lib/format.ts'
import { formatDay } from './document-display.ts'

type OnFile = ProducerProfile['documents'][number]

/**
 * Coverage runs through its expiration day in the agent's own time zone: the server's `expired`
 * is by the UTC day, which in a US evening is already tomorrow.
 */
export function hasExpired(expiresOn: string, now = new Date()): boolean {
  const day = (n: number) => String(n).padStart(2, '0')
  return expiresOn < `${now.getFullYear()}-${day(now.getMonth() + 1)}-${day(now.getDate())}`
}

/** Whether the type is on the agent's file and when it runs out (an expired E&O is flagged). */
export function DocumentOnFile({ onFile }: { onFile: OnFile | undefined }) {
  if (!onFile?.document) return <p className="text-sm text-slate-600">Not on file yet</p>
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <CircleCheck aria-hidden="true" className="size-4 text-green-700" />
      <span>On file since {formatDate(onFile.document.uploadedAt)}</span>
      {onFile.expiresOn &&
        (hasExpired(onFile.expiresOn) ? (
          <Badge tone="red" className="gap-1">
            <TriangleAlert aria-hidden="true" className="size-3" />
            Expired {formatDay(onFile.expiresOn)}
          </Badge>
        ) : (
          <span>· Expires {formatDay(onFile.expiresOn)}</span>
        ))}
    </p>
  )
}
