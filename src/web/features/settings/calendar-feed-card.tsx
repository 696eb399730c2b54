import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { CALENDAR_FEED_TEXTS as T } from '#shared/contracts/renewals-calendar.contract.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { CopyField } from '#web/components/copy-field.tsx'
import { Skeleton } from '#web/components/skeleton.tsx'
import { isApiError } from '#web/lib/api.ts'
import { formatDate } from '#web/lib/format.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { calendarFeedQuery, useCreateCalendarFeed, useRevokeCalendarFeed } from './calendar-feed.queries.ts'

type Pending = 'replace' | 'revoke' | null

const failed = (failure: unknown) =>
  showToast({
    title: T.failed,
    description: isApiError(failure) ? failure.message : undefined,
    variant: 'destructive',
  })

/**
 * Settings › Notifications: the user's private calendar feed of their renewals' milestones. The
 * address is shown once, when made; replacing or turning it off asks first, since calendars
 * subscribed to the old address stop receiving it.
 */
export function CalendarFeedCard() {
  const { data, error } = useQuery(calendarFeedQuery)
  const create = useCreateCalendarFeed()
  const revoke = useRevokeCalendarFeed()
  const [pending, setPending] = useState<Pending>(null)
  if (error) throw error
  const busy = create.isPending || revoke.isPending
  const address = create.data?.url ?? null

  function makeAddress() {
    setPending(null)
    create.mutate(undefined, {
      onSuccess: () => showToast({ title: T.created, variant: 'success' }),
      onError: failed,
    })
  }
  function turnOff() {
    setPending(null)
    create.reset()
    revoke.mutate(undefined, {
      onSuccess: () => showToast({ title: T.revoked, variant: 'success' }),
      onError: failed,
    })
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.title}</CardTitle>
        <CardDescription>{T.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!data ? (
          <Skeleton className="h-10 w-full" />
        ) : !data.active ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-slate-700">{T.none}</p>
            <Button onClick={makeAddress} disabled={busy}>
              {T.create}
            </Button>
          </div>
        ) : (
          <>
            {address ? (
              <CopyField
                id="calendar-feed-address"
                label={T.addressLabel}
                value={address}
                hint={T.addressHint}
              />
            ) : (
              <p className="text-sm text-slate-700">
                {T.activeSince.replace('{date}', formatDate(data.createdAt!))}
              </p>
            )}
            {pending ? (
              <Alert tone="warning">
                <p>{pending === 'replace' ? T.replaceWarning : T.revokeWarning}</p>
                <div className="mt-2 flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant={pending === 'revoke' ? 'destructive' : 'primary'}
                    onClick={pending === 'replace' ? makeAddress : turnOff}
                    disabled={busy}
                  >
                    {pending === 'replace' ? T.replace : T.revoke}
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setPending(null)}>
                    {T.cancel}
                  </Button>
                </div>
              </Alert>
            ) : (
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={() => setPending('replace')} disabled={busy}>
                  {T.replace}
                </Button>
                <Button variant="outline" onClick={() => setPending('revoke')} disabled={busy}>
                  {T.revoke}
                </Button>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}
