import { Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { DEFAULT_STEP_DAYS, type WorkflowStep } from '#shared/domain/onboarding-workflow.ts'
import { Button } from '#web/components/button.tsx'
import { CHECKBOX_INPUT_CLASSES } from '#web/components/checkbox.tsx'
import { Input } from '#web/components/input.tsx'
import { Label } from '#web/components/label.tsx'
import { Textarea } from '#web/components/textarea.tsx'

/** The steps being edited: each with its days, required flag and the steps it waits for. */
export function StepList({
  steps,
  onChange,
}: {
  steps: WorkflowStep[]
  onChange: (steps: WorkflowStep[]) => void
}) {
  const id = useId()
  const update = (index: number, change: Partial<WorkflowStep>) =>
    onChange(steps.map((step, at) => (at === index ? { ...step, ...change } : step)))
  const remove = (index: number) => {
    const gone = steps[index]!.id
    onChange(
      steps
        .filter((_, at) => at !== index)
        .map((step) => ({
          ...step,
          dependencies: step.dependencies.filter((dependency) => dependency !== gone),
        })),
    )
  }
  return (
    <ol className="grid gap-3" aria-label="Steps">
      {steps.map((step, index) => (
        <li key={step.id} className="grid gap-2 rounded-md border border-slate-200 p-3">
          <div className="flex items-center gap-2">
            <span className="font-medium text-slate-900">{`${index + 1}. ${step.title}`}</span>
            <Button
              variant="ghost"
              size="icon"
              className="ml-auto"
              aria-label={`Remove ${step.title}`}
              onClick={() => remove(index)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
          <div className="flex flex-wrap items-center gap-4 text-sm">
            <label htmlFor={`${id}-${step.id}-days`} className="flex items-center gap-2">
              Days
              <Input
                id={`${id}-${step.id}-days`}
                type="number"
                min={0}
                max={365}
                className="w-20"
                value={step.estimatedDays}
                onChange={(event) => update(index, { estimatedDays: Number(event.target.value) })}
              />
            </label>
            <label htmlFor={`${id}-${step.id}-required`} className="flex min-h-11 items-center gap-2">
              <input
                id={`${id}-${step.id}-required`}
                type="checkbox"
                className={CHECKBOX_INPUT_CLASSES}
                checked={step.required}
                onChange={(event) => update(index, { required: event.target.checked })}
              />
              Required
            </label>
          </div>
          {steps.length > 1 && (
            <fieldset className="grid gap-1 text-sm">
              <legend className="mb-1 text-slate-600">{`${step.title} depends on`}</legend>
              <div className="flex flex-wrap gap-x-4">
                {steps
                  .filter((other) => other.id !== step.id)
                  .map((other) => (
                    <label
                      key={other.id}
                      htmlFor={`${id}-${step.id}-${other.id}`}
                      className="flex min-h-11 items-center gap-2 sm:min-h-8"
                    >
                      <input
                        id={`${id}-${step.id}-${other.id}`}
                        type="checkbox"
                        className={CHECKBOX_INPUT_CLASSES}
                        checked={step.dependencies.includes(other.id)}
                        onChange={(event) =>
                          update(index, {
                            dependencies: event.target.checked
                              ? [...step.dependencies, other.id]
                              : step.dependencies.filter((dependency) => dependency !== other.id),
                          })
                        }
                      />
                      {other.title}
                    </label>
                  ))}
              </div>
            </fieldset>
          )}
        </li>
      ))}
    </ol>
  )
}

/** Add step (§5): a title and description are needed, otherwise nothing is added; not required, 1 day. */
export function AddStep({ onAdd }: { onAdd: (step: WorkflowStep) => void }) {
  const id = useId()
  const [title, setTitle] = useState('')
  const [description, setDescription] = useState('')
  const add = () => {
    if (!title.trim() || !description.trim()) return
    onAdd({
      id: `step-${Date.now().toString(36)}`,
      title: title.trim(),
      description: description.trim(),
      required: false,
      estimatedDays: DEFAULT_STEP_DAYS,
      dependencies: [],
      checks: null,
    })
    setTitle('')
    setDescription('')
  }
  return (
    <fieldset className="grid gap-2 rounded-md border border-dashed border-slate-300 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">Add step</legend>
      <Label htmlFor={`${id}-title`}>Step title</Label>
      <Input id={`${id}-title`} value={title} onChange={(event) => setTitle(event.target.value)} />
      <Label htmlFor={`${id}-description`}>Step description</Label>
      <Textarea
        id={`${id}-description`}
        rows={2}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <Button variant="outline" className="justify-self-start" onClick={add}>
        Add step
      </Button>
    </fieldset>
  )
}
