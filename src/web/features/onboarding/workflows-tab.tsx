import { useQuery } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { Badge } from '#web/components/badge.tsx'
import { Button } from '#web/components/button.tsx'
import { Card } from '#web/components/card.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { useOpenedOnce } from '#web/lib/use-opened-once.ts'
import { workflowsQuery } from './onboarding.queries.ts'
import { EmptyState, LoadError } from './onboarding-display.tsx'

const WorkflowDialog = lazy(() =>
  import('./workflow-dialog.tsx').then((m) => ({ default: m.WorkflowDialog })),
)

/** Workflow cards show their first 3 steps (§9). */
export const STEPS_SHOWN = 3

export function WorkflowsTab({ admin }: { admin: boolean }) {
  const { data, isError } = useQuery(workflowsQuery)
  const [creating, setCreating] = useState(false)
  const mounted = useOpenedOnce(creating)
  return (
    <section aria-labelledby="workflows-heading" className="grid min-w-0 grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="workflows-heading" className="text-lg font-semibold text-slate-900">
          Onboarding workflows
        </h2>
        {admin && (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            Create Workflow
          </Button>
        )}
      </div>
      {isError ? (
        <LoadError message={T.fetchWorkflows} />
      ) : !data ? (
        <Spinner label="Loading workflows" />
      ) : data.length === 0 ? (
        <EmptyState>{T.noWorkflows}</EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-label="Workflows">
          {data.map((workflow) => {
            const more = workflow.steps.length - STEPS_SHOWN
            return (
              <li key={workflow.id}>
                <Card className="grid h-full gap-2 p-4">
                  <div className="flex items-start justify-between gap-2">
                    <h3 className="font-semibold text-slate-900">{workflow.name}</h3>
                    <Badge tone={workflow.isActive ? 'green' : 'neutral'}>
                      {workflow.isActive ? 'Active' : 'Inactive'}
                    </Badge>
                  </div>
                  <p className="text-sm text-slate-600">{workflow.description}</p>
                  <p className="text-sm text-slate-800">
                    {`${workflow.steps.length} steps · ${workflow.totalEstimatedDays} days total`}
                    <span className="text-slate-600">{` (${workflow.criticalPathDays} with steps in parallel) · ${workflow.agentCount} agents`}</span>
                  </p>
                  <ol className="grid list-decimal gap-0.5 pl-5 text-sm text-slate-700">
                    {workflow.steps.slice(0, STEPS_SHOWN).map((step) => (
                      <li key={step.id}>{step.title}</li>
                    ))}
                  </ol>
                  {more > 0 && <p className="text-sm text-slate-600">{`+${more} more steps`}</p>}
                </Card>
              </li>
            )
          })}
        </ul>
      )}
      {mounted && (
        <Suspense fallback={null}>
          <WorkflowDialog open={creating} onOpenChange={setCreating} />
        </Suspense>
      )}
    </section>
  )
}
