import { useQuery } from '@tanstack/react-query'
import { CalendarPlus, MapPin, Video } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import type { TrainingSession } from '#shared/contracts/onboarding-records.contract.ts'
import { humanize, ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { ATTENDANCE, canMarkAttendance } from '#shared/domain/onboarding-records.ts'
import { Button } from '#web/components/button.tsx'
import { Card } from '#web/components/card.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { isApiError } from '#web/lib/api.ts'
import { formatDateTime } from '#web/lib/format.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useOpenedOnce } from '#web/lib/use-opened-once.ts'
import { trainingQuery, useUpdateTraining } from './onboarding.queries.ts'
import { EmptyState, LoadError, TrainingStatusBadge } from './onboarding-display.tsx'

const TrainingDialog = lazy(() =>
  import('./training-dialog.tsx').then((m) => ({ default: m.TrainingDialog })),
)

/** Training: sessions as cards; admins schedule, edit and mark Present or No Show. */
export function TrainingTab({ admin }: { admin: boolean }) {
  const { data, isError } = useQuery(trainingQuery())
  const update = useUpdateTraining()
  const [editing, setEditing] = useState<TrainingSession | 'new' | null>(null)
  const mounted = useOpenedOnce(editing !== null)
  const mark = (session: TrainingSession, change: (typeof ATTENDANCE)[keyof typeof ATTENDANCE]) =>
    update.mutate(
      { id: session.id, body: change },
      {
        onSuccess: () => showToast({ title: T.trainingUpdated, variant: 'success' }),
        onError: (error) =>
          showToast({
            title: T.trainingUpdateFailed,
            description: isApiError(error) ? error.message : undefined,
            variant: 'destructive',
          }),
      },
    )
  return (
    <section aria-labelledby="training-heading" className="grid min-w-0 grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="training-heading" className="text-lg font-semibold text-slate-900">
          Training sessions
        </h2>
        {admin && (
          <Button onClick={() => setEditing('new')}>
            <CalendarPlus aria-hidden="true" />
            Schedule Training
          </Button>
        )}
      </div>
      {isError ? (
        <LoadError message={T.fetchTraining} />
      ) : !data ? (
        <Spinner label="Loading training sessions" />
      ) : data.length === 0 ? (
        <EmptyState>{T.noTraining}</EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-label="Training sessions">
          {data.map((session) => (
            <li key={session.id}>
              <Card className="grid h-full gap-2 p-4">
                <div className="flex items-start justify-between gap-2">
                  <h3 className="font-semibold text-slate-900">{session.title}</h3>
                  <TrainingStatusBadge status={session.status} />
                </div>
                <p className="text-sm text-slate-700">{`${session.agentName} (${session.agentId}) · ${humanize(session.trainingType)}`}</p>
                <p className="text-sm text-slate-700">{`${formatDateTime(session.scheduledDate)} · ${session.duration} min`}</p>
                {session.location && (
                  <p className="flex items-center gap-1 text-sm text-slate-600">
                    <MapPin aria-hidden="true" className="size-4" />
                    {session.location}
                  </p>
                )}
                {session.meetingLink && (
                  <a
                    href={session.meetingLink}
                    target="_blank"
                    rel="noreferrer"
                    className="flex items-center gap-1 text-sm text-violet-700 underline"
                  >
                    <Video aria-hidden="true" className="size-4" />
                    Meeting link
                  </a>
                )}
                <p className="text-xs text-slate-600">
                  {session.attendanceRequired ? 'Attendance required' : 'Attendance optional'}
                  {session.attendanceConfirmed ? ' · attendance confirmed' : ''}
                </p>
                {admin && (
                  <div className="mt-1 flex flex-wrap gap-2">
                    {canMarkAttendance(session) && (
                      <>
                        <Button
                          aria-label={`Present for ${session.title} (${session.agentId})`}
                          size="sm"
                          disabled={update.isPending}
                          onClick={() => mark(session, ATTENDANCE.present)}
                        >
                          Present
                        </Button>
                        <Button
                          aria-label={`No Show for ${session.title} (${session.agentId})`}
                          size="sm"
                          variant="outline"
                          disabled={update.isPending}
                          onClick={() => mark(session, ATTENDANCE.noShow)}
                        >
                          No Show
                        </Button>
                      </>
                    )}
                    <Button
                      aria-label={`Edit ${session.title} (${session.agentId})`}
                      size="sm"
                      variant="ghost"
                      onClick={() => setEditing(session)}
                    >
                      Edit
                    </Button>
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {mounted && (
        <Suspense fallback={null}>
          <TrainingDialog
            session={editing === 'new' ? null : editing}
            open={editing !== null}
            onOpenChange={(open) => !open && setEditing(null)}
          />
        </Suspense>
      )}
    </section>
  )
}
