import { useQuery } from '@tanstack/react-query'
import { ShieldCheck } from 'lucide-react'
import { MARKETPLACE_TEXTS as T } from '#shared/contracts/marketplace.contract.ts'
import {
  MODERATION_TEXTS as M,
  type ModerationItem,
} from '#shared/contracts/marketplace-community.contract.ts'
import { Badge } from '#web/components/badge.tsx'
import { Button } from '#web/components/button.tsx'
import { Card } from '#web/components/card.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { isApiError } from '#web/lib/api.ts'
import { formatDateTime } from '#web/lib/format.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { ItemText } from './card-parts.tsx'
import { moderationQuery, useModerate } from './moderation.queries.ts'

const KIND_LABELS = { review: 'Review', practice: 'Best practice', post: 'Community post' } as const

function ModerationCard({ item }: { item: ModerationItem }) {
  const moderate = useModerate()
  const act = (action: 'restore' | 'remove') =>
    moderate.mutate(
      { id: item.id, action },
      {
        onSuccess: () =>
          showToast({
            title: action === 'restore' ? M.restore : M.remove,
            description: action === 'restore' ? M.restored : M.removed,
            variant: 'success',
          }),
        onError: (error) =>
          showToast({
            title: 'Error',
            description: isApiError(error) ? error.message : T.failed,
            variant: 'destructive',
          }),
      },
    )
  return (
    <Card className="grid gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge>{KIND_LABELS[item.kind]}</Badge>
        <Badge tone={item.status === 'hidden' ? 'red' : 'yellow'}>
          {item.status === 'hidden' ? 'Hidden' : 'Reported'}
        </Badge>
        <span className="text-sm text-slate-600">
          Reported by {item.reportingAgencies} {item.reportingAgencies === 1 ? 'agency' : 'agencies'}
        </span>
      </div>
      <h3 className="font-semibold break-words text-slate-900">{item.title}</h3>
      <p className="text-sm text-slate-600">
        {item.authorName} · {item.agencyName}
        {item.isAnonymous && ' (posted anonymously)'} · {formatDateTime(item.createdAt)}
      </p>
      <ItemText>{item.content}</ItemText>
      {item.reports.length > 0 && (
        <ul aria-label="Reports" className="grid gap-1 text-sm text-slate-700">
          {item.reports.map((report) => (
            <li key={`${report.agencyName}-${report.createdAt}`} className="break-words">
              {report.agencyName}: {report.reason || 'no reason given'}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" disabled={moderate.isPending} onClick={() => act('restore')}>
          {M.restore}
        </Button>
        <Button variant="destructive" disabled={moderate.isPending} onClick={() => act('remove')}>
          {M.remove}
        </Button>
      </div>
    </Card>
  )
}

/** Platform admins: what was hidden or reported, with its real author. */
export function ModerationTab() {
  const { data, isPending, isError } = useQuery(moderationQuery)
  if (isPending) return <Spinner label="Loading the moderation queue" className="justify-self-center py-8" />
  if (isError) return <p className="text-sm text-red-700">{T.failed}</p>
  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-600">{M.intro}</p>
      {data.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
          <ShieldCheck aria-hidden="true" className="size-10 text-slate-400" />
          <h3 className="text-lg font-semibold text-slate-900">{M.empty}</h3>
        </Card>
      ) : (
        <ul aria-label="Moderation queue" className="grid gap-4">
          {data.map((item) => (
            <li key={item.id}>
              <ModerationCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
