import { useQuery } from '@tanstack/react-query'
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_LABELS,
  type NotificationKind,
  SETTINGS_TEXTS as T,
} from '#shared/contracts/settings.contract.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Skeleton } from '#web/components/skeleton.tsx'
import { Switch } from '#web/components/switch.tsx'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { CalendarFeedCard } from './calendar-feed-card.tsx'
import { notificationPreferencesQuery, useUpdateNotifications } from './settings.queries.ts'

/** Settings › Notifications: the mail preferences, and the user's renewals calendar feed. */
export function NotificationsTab() {
  return (
    <div className="grid gap-6">
      <PreferencesCard />
      <CalendarFeedCard />
    </div>
  )
}

/** Each switch is saved the moment it changes (spec §2). */
function PreferencesCard() {
  const { data, error } = useQuery(notificationPreferencesQuery)
  const update = useUpdateNotifications()
  if (error) throw error
  function change(kind: NotificationKind, value: boolean) {
    update.mutate(
      { [kind]: value },
      {
        onError: (failure) =>
          showToast({
            title: T.notificationsFailed,
            description: isApiError(failure) ? failure.message : undefined,
            variant: 'destructive',
          }),
      },
    )
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>Choose which emails you receive</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-200">
          {NOTIFICATION_KINDS.map((kind) => {
            const { label, description } = NOTIFICATION_LABELS[kind]
            const id = `notify-${kind}`
            return (
              <li key={kind} className="flex items-center justify-between gap-4 py-3">
                <div className="min-w-0">
                  <label htmlFor={id} className="text-sm font-medium text-slate-900">
                    {label}
                  </label>
                  <p id={`${id}-description`} className="text-sm text-slate-600">
                    {description}
                  </p>
                </div>
                {data ? (
                  <Switch
                    id={id}
                    name={kind}
                    aria-describedby={`${id}-description`}
                    checked={data[kind]}
                    onCheckedChange={(value) => change(kind, value)}
                  />
                ) : (
                  <Skeleton className="h-6 w-11 rounded-full" />
                )}
              </li>
            )
          })}
        </ul>
      </CardContent>
    </Card>
  )
}
