import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, CircleCheck, CircleDashed, Clock } from 'lucide-react'
import { ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { progressBand } from '#shared/domain/onboarding-progress.ts'
import { CHECKLIST_ITEMS, CHECKLIST_LABELS } from '#shared/domain/onboarding-workflow.ts'
import { Badge } from '#web/components/badge.tsx'
import { Button } from '#web/components/button.tsx'
import { Card } from '#web/components/card.tsx'
import { Progress } from '#web/components/progress.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { completionText } from './agent-table.tsx'
import { progressQuery, useCompleteStep, useResendInvitation } from './onboarding.queries.ts'
import { EmptyState, LoadError, ProgressStatusBadge } from './onboarding-display.tsx'

const STATE_LABELS = { done: 'Done', ready: 'Ready', waiting: 'Waiting on earlier steps' } as const

/** One agent: overall progress, the seven-item checklist and their workflow's steps. */
export function AgentDetail({
  admin,
  agentId,
  onBack,
}: {
  admin: boolean
  agentId: string
  onBack: () => void
}) {
  const { data, isError } = useQuery(
    progressQuery({ agentId, status: 'all', sort: 'progress', page: 1, limit: 1 }),
  )
  const complete = useCompleteStep()
  const resend = useResendInvitation()
  const back = (
    <Button variant="ghost" onClick={onBack} className="justify-self-start">
      <ArrowLeft aria-hidden="true" />
      All agents
    </Button>
  )
  if (isError)
    return (
      <div className="grid gap-3">
        {back}
        <LoadError message={T.fetchAgentProgress} />
      </div>
    )
  if (!data) return <Spinner label="Loading the agent" />
  const row = data.agents[0]
  if (!row)
    return (
      <div className="grid gap-3">
        {back}
        <EmptyState>{T.unknownAgent}</EmptyState>
      </div>
    )
  const fail = (error: unknown) =>
    showToast({
      title: 'Not done',
      description: isApiError(error) ? error.message : undefined,
      variant: 'destructive',
    })
  return (
    <section aria-labelledby="agent-heading" className="grid min-w-0 grid-cols-1 gap-4">
      {back}
      <Card className="grid gap-3 p-4 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="agent-heading" className="mr-auto text-lg font-semibold text-slate-900">
            {`${row.firstName} ${row.lastName}`}{' '}
            <span className="text-sm font-normal text-slate-600">({row.agentId})</span>
          </h2>
          <ProgressStatusBadge status={row.status} />
          <Badge tone={row.joined ? 'green' : 'yellow'}>{row.joined ? 'Joined' : 'Invited'}</Badge>
        </div>
        <p className="text-sm text-slate-600">{`${row.workflowName} · ${row.daysInProgram} days in the program · estimated completion: ${completionText(row)}`}</p>
        <div className="flex items-center gap-3">
          <Progress value={row.overallProgress} label="Overall progress" className="h-3" />
          <span
            className="font-semibold tabular-nums"
            data-testid="overall-progress"
          >{`${row.overallProgress}%`}</span>
        </div>
        <p className="text-sm text-slate-700">{`${row.completedSteps} of ${row.totalSteps} steps · ${progressBand(row.overallProgress).label}`}</p>
        {admin && !row.joined && (
          <Button
            variant="outline"
            className="justify-self-start"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(row.id, {
                onSuccess: (sent) =>
                  showToast({
                    title: 'Invitation sent',
                    description: `A new link went to ${sent.sentTo}.`,
                    variant: 'success',
                  }),
                onError: fail,
              })
            }
          >
            Resend invitation
          </Button>
        )}
      </Card>
      <Card className="p-4 sm:p-6">
        <h3 className="mb-3 font-semibold text-slate-900">Checklist</h3>
        <ul className="grid gap-2 sm:grid-cols-2" aria-label="Checklist">
          {CHECKLIST_ITEMS.map((item) => {
            const done = row[`${item}Complete`]
            return (
              <li key={item} className="flex items-center gap-2 text-sm" data-done={done}>
                {done ? (
                  <CircleCheck aria-hidden="true" className="size-5 text-green-700" />
                ) : (
                  <CircleDashed aria-hidden="true" className="size-5 text-slate-400" />
                )}
                <span className={done ? 'text-slate-900' : 'text-slate-600'}>{CHECKLIST_LABELS[item]}</span>
                <span className="sr-only">{done ? '(complete)' : '(not complete)'}</span>
              </li>
            )
          })}
        </ul>
      </Card>
      <Card className="p-4 sm:p-6">
        <h3 className="mb-3 font-semibold text-slate-900">Workflow steps</h3>
        <ol className="grid gap-2">
          {data.steps?.map((step) => (
            <li
              key={step.id}
              className="flex flex-wrap items-center gap-2 rounded-md border border-slate-200 p-3 text-sm"
            >
              {step.state === 'done' ? (
                <CircleCheck aria-hidden="true" className="size-4 text-green-700" />
              ) : (
                <Clock aria-hidden="true" className="size-4 text-slate-500" />
              )}
              <span className="font-medium text-slate-900">{step.title}</span>
              <span className="text-slate-600">{`${step.estimatedDays} ${step.estimatedDays === 1 ? 'day' : 'days'}`}</span>
              <Badge tone={step.state === 'done' ? 'green' : step.state === 'ready' ? 'blue' : 'neutral'}>
                {STATE_LABELS[step.state]}
              </Badge>
              {admin && !step.checks && step.state === 'ready' && (
                <Button
                  size="sm"
                  variant="outline"
                  className="ml-auto"
                  disabled={complete.isPending}
                  onClick={() => complete.mutate({ id: row.id, stepId: step.id }, { onError: fail })}
                >
                  Mark complete
                </Button>
              )}
            </li>
          ))}
        </ol>
      </Card>
    </section>
  )
}
