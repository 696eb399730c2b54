import { useQuery } from '@tanstack/react-query'
import { Monitor, Smartphone } from 'lucide-react'
import type { ActiveSession } from '#shared/contracts/auth-security.contract.ts'
import { SECURITY_MESSAGES } from '#shared/contracts/auth-security.contract.ts'
import { Alert } from '#web/components/alert.tsx'
import { Badge } from '#web/components/badge.tsx'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { isApiError } from '#web/lib/api.ts'
import { formatDateTime } from '#web/lib/format.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { sessionsQuery, useEndOtherSessionsMutation, useEndSessionMutation } from './security.queries.ts'

const MOBILE = /iPhone|iPad|Android/

function toastFailure(error: unknown) {
  showToast({
    title: 'Session not ended',
    description: isApiError(error) ? error.message : 'Please try again.',
    variant: 'destructive',
  })
}

export function ActiveSessionsCard() {
  const sessions = useQuery(sessionsQuery)
  const endOthers = useEndOtherSessionsMutation()
  const list = sessions.data?.sessions ?? []

  return (
    <Card>
      <CardHeader>
        <CardTitle>Active sessions</CardTitle>
        <CardDescription>Where you are signed in now. End any session you do not recognise.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isPending && <Spinner />}
        {sessions.isError && <Alert tone="error">Could not load your sessions.</Alert>}
        <ul className="grid gap-3" aria-label="Active sessions">
          {list.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
        {list.length > 1 && (
          <Button
            variant="outline"
            className="justify-self-start"
            disabled={endOthers.isPending}
            onClick={() =>
              endOthers.mutate(undefined, {
                onSuccess: ({ ended }) =>
                  showToast({
                    title: SECURITY_MESSAGES.otherSessionsEndedTitle,
                    description: `${ended} ${ended === 1 ? 'session was' : 'sessions were'} signed out.`,
                    variant: 'success',
                  }),
                onError: toastFailure,
              })
            }
          >
            Sign out all other sessions
          </Button>
        )}
      </CardContent>
    </Card>
  )
}

function SessionRow({ session }: { session: ActiveSession }) {
  const end = useEndSessionMutation()
  const Icon = MOBILE.test(session.device) ? Smartphone : Monitor
  const name = `${session.browser} on ${session.device}`
  return (
    <li
      data-testid="session-row"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 p-3"
    >
      <div className="flex min-w-0 items-start gap-3">
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-600" />
        <div className="grid min-w-0 gap-0.5 text-sm">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {name}
            {session.current && <Badge tone="green">This device</Badge>}
          </p>
          <p className="text-slate-600">
            {session.ipAddress ?? 'Unknown address'} · Last active {formatDateTime(session.lastSeenAt)}
          </p>
          <p className="text-slate-600">Signed in {formatDateTime(session.createdAt)}</p>
        </div>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          aria-label={`End session: ${name}, last active ${formatDateTime(session.lastSeenAt)}`}
          disabled={end.isPending}
          onClick={() =>
            end.mutate(session.id, {
              onSuccess: () => showToast({ title: SECURITY_MESSAGES.sessionEndedTitle, variant: 'success' }),
              onError: toastFailure,
            })
          }
        >
          End session
        </Button>
      )}
    </li>
  )
}
