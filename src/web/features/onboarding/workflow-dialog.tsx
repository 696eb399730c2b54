import { useId, useState } from 'react'
import { WorkflowInputSchema } from '#shared/contracts/onboarding-agents.contract.ts'
import { ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import {
  DEFAULT_WORKFLOW,
  DEFAULT_WORKFLOW_STEPS,
  type WorkflowStep,
} from '#shared/domain/onboarding-workflow.ts'
import { Alert } from '#web/components/alert.tsx'
import { CHECKBOX_INPUT_CLASSES } from '#web/components/checkbox.tsx'
import { Field } from '#web/components/field.tsx'
import { FormDialog } from '#web/components/form-dialog.tsx'
import { Input } from '#web/components/input.tsx'
import { Textarea } from '#web/components/textarea.tsx'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useCreateWorkflow } from './onboarding.queries.ts'
import { AddStep, StepList } from './workflow-steps.tsx'

interface Draft {
  name: string
  description: string
  steps: WorkflowStep[]
}

const template = (): Draft => ({
  ...DEFAULT_WORKFLOW,
  steps: DEFAULT_WORKFLOW_STEPS.map((step) => ({ ...step })),
})

/**
 * Create Workflow, starting from the default template. The shared schema checks the steps before
 * anything is sent (a cycle or a missing step is refused with its message), as the server does.
 */
export function WorkflowDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const id = useId()
  const create = useCreateWorkflow()
  const [draft, setDraft] = useState<Draft>(template)
  const [active, setActive] = useState(true)
  const [problem, setProblem] = useState<string | null>(null)
  const close = (next: boolean) => {
    if (!next) {
      setDraft(template())
      setProblem(null)
    }
    onOpenChange(next)
  }
  const setSteps = (steps: WorkflowStep[]) => {
    setDraft((current) => ({ ...current, steps }))
    setProblem(null)
  }
  const submit = () => {
    const parsed = WorkflowInputSchema.safeParse({ ...draft, isActive: active })
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? T.required
      setProblem(message)
      showToast({ title: T.workflowCreateFailed, description: message, variant: 'destructive' })
      return
    }
    create.mutate(parsed.data, {
      onSuccess: () => {
        showToast({ title: T.workflowCreated, variant: 'success' })
        close(false)
      },
      onError: (error) => {
        const message = isApiError(error) && error.status < 500 ? error.message : undefined
        if (message) setProblem(message)
        showToast({ title: T.workflowCreateFailed, description: message, variant: 'destructive' })
      },
    })
  }
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title="Create Workflow"
      description="Starts from the default template: change the steps, their days and what each waits for."
      submitLabel="Create Workflow"
      pending={create.isPending}
      onSubmit={submit}
    >
      <Field id={`${id}-name`} label="Workflow name" className="sm:col-span-2">
        {(control) => (
          <Input
            {...control}
            value={draft.name}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          />
        )}
      </Field>
      <Field id={`${id}-description`} label="Description" className="sm:col-span-2">
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            value={draft.description}
            onChange={(event) => setDraft({ ...draft, description: event.target.value })}
          />
        )}
      </Field>
      <label className="flex min-h-11 items-center gap-2 text-sm sm:col-span-2">
        <input
          type="checkbox"
          className={CHECKBOX_INPUT_CLASSES}
          checked={active}
          onChange={(event) => setActive(event.target.checked)}
        />
        Active (new agents can follow it)
      </label>
      <div className="grid gap-3 sm:col-span-2">
        {problem && <Alert tone="error">{problem}</Alert>}
        <StepList steps={draft.steps} onChange={setSteps} />
        <AddStep onAdd={(step) => setSteps([...draft.steps, step])} />
      </div>
    </FormDialog>
  )
}
