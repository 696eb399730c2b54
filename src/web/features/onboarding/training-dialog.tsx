import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId } from 'react'
import { type Resolver, useForm } from 'react-hook-form'
import { z } from 'zod'
import type { CallBody } from '#shared/contracts/call.ts'
import { requiredText } from '#shared/contracts/onboarding-fields.ts'
import type { TrainingSession, updateTrainingCall } from '#shared/contracts/onboarding-records.contract.ts'
import { humanize, ONBOARDING_TEXTS as T, TRAINING_TYPES } from '#shared/contracts/onboarding-texts.ts'
import { TRAINING_STATUS_LABELS, TRAINING_STATUSES } from '#shared/domain/onboarding-records.ts'
import { Checkbox } from '#web/components/checkbox.tsx'
import { Field } from '#web/components/field.tsx'
import { FormDialog } from '#web/components/form-dialog.tsx'
import { Input } from '#web/components/input.tsx'
import { Select } from '#web/components/select.tsx'
import { Textarea } from '#web/components/textarea.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { AgentIdInput } from './agent-id-input.tsx'
import { useScheduleTraining, useUpdateTraining } from './onboarding.queries.ts'
import { localDay } from './onboarding-display.tsx'

/** The form has a date and a time (§3, §5: both required); they are sent as one ISO timestamp. */
const TrainingFormSchema = z.object({
  agentId: requiredText(64),
  title: requiredText(200),
  date: requiredText(10),
  time: requiredText(8),
  trainingType: z.string(),
  description: z.string(),
  duration: z.string(),
  location: z.string(),
  meetingLink: z.string(),
  attendanceRequired: z.boolean(),
  notes: z.string(),
  status: z.string(),
})
type TrainingForm = z.infer<typeof TrainingFormSchema>
const resolver = zodResolver(TrainingFormSchema) as Resolver<TrainingForm>
const FIELDS: (keyof TrainingForm)[] = [
  'agentId',
  'title',
  'trainingType',
  'duration',
  'location',
  'meetingLink',
  'notes',
]
const pad = (n: number) => String(n).padStart(2, '0')

function valuesOf(session: TrainingSession | null): TrainingForm {
  const at = session ? new Date(session.scheduledDate) : null
  return {
    agentId: session?.agentId ?? '',
    title: session?.title ?? '',
    date: at ? localDay(at) : '',
    time: at ? `${pad(at.getHours())}:${pad(at.getMinutes())}` : '',
    trainingType: session?.trainingType ?? 'onboarding',
    description: session?.description ?? '',
    duration: String(session?.duration ?? 60),
    location: session?.location ?? '',
    meetingLink: session?.meetingLink ?? '',
    attendanceRequired: session?.attendanceRequired ?? true,
    notes: session?.notes ?? '',
    status: session?.status ?? 'scheduled',
  }
}

/** Schedule (or edit) a session: the date and time typed in the user's own time zone. */
export function TrainingDialog({
  session,
  open,
  onOpenChange,
}: {
  session: TrainingSession | null
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const id = useId()
  const schedule = useScheduleTraining()
  const update = useUpdateTraining()
  const form = useForm<TrainingForm>({ resolver, defaultValues: valuesOf(session) })
  const { errors } = form.formState
  useEffect(() => form.reset(valuesOf(session)), [session, form])
  const failed = (text: string) => (error: unknown) => {
    applyFieldErrors(error, FIELDS, form.setError)
    showToast({
      title: text,
      description: isApiError(error) && error.status < 500 ? error.message : undefined,
      variant: 'destructive',
    })
  }
  const submit = form.handleSubmit(
    ({ date, time, status, duration, ...values }) => {
      const body = {
        ...values,
        scheduledDate: new Date(`${date}T${time}`).toISOString(),
        duration: Number(duration),
      } as CallBody<typeof updateTrainingCall> & { agentId: string; title: string; scheduledDate: string }
      const done = (text: string) => () => {
        showToast({ title: text, variant: 'success' })
        onOpenChange(false)
      }
      if (session)
        update.mutate(
          { id: session.id, body: { ...body, status: status as TrainingSession['status'] } },
          { onSuccess: done(T.trainingUpdated), onError: failed(T.trainingUpdateFailed) },
        )
      else
        schedule.mutate(body, {
          onSuccess: done(T.trainingScheduled),
          onError: failed(T.trainingScheduleFailed),
        })
    },
    () => showToast({ title: T.required, variant: 'destructive' }),
  )
  const text = (
    name: 'title' | 'date' | 'time' | 'duration' | 'location' | 'meetingLink',
    label: string,
    type = 'text',
  ) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]?.message}>
      {(control) => <Input {...control} type={type} {...form.register(name)} />}
    </Field>
  )
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={session ? 'Edit Training' : 'Schedule Training'}
      description="A session for one agent. Attendance-required sessions count toward the training step once marked Present."
      submitLabel={session ? 'Save Training' : 'Schedule Training'}
      pending={schedule.isPending || update.isPending}
      onSubmit={submit}
    >
      <Field id={`${id}-agent`} label="Agent ID" error={errors.agentId?.message}>
        {(control) => (
          <AgentIdInput {...control} query={form.watch('agentId')} {...form.register('agentId')} />
        )}
      </Field>
      {text('title', 'Title')}
      {text('date', 'Date', 'date')}
      {text('time', 'Time', 'time')}
      <Field id={`${id}-type`} label="Training type">
        {(control) => (
          <Select
            {...control}
            options={TRAINING_TYPES.map((value) => ({ value, label: humanize(value) }))}
            {...form.register('trainingType')}
          />
        )}
      </Field>
      {text('duration', 'Duration (minutes)', 'number')}
      {text('location', 'Location (optional)')}
      {text('meetingLink', 'Meeting link (optional)', 'url')}
      {session && (
        <Field id={`${id}-status`} label="Status">
          {(control) => (
            <Select
              {...control}
              options={TRAINING_STATUSES.map((value) => ({ value, label: TRAINING_STATUS_LABELS[value] }))}
              {...form.register('status')}
            />
          )}
        </Field>
      )}
      <Checkbox
        id={`${id}-required`}
        label="Attendance required"
        className="self-end"
        {...form.register('attendanceRequired')}
      />
      <Field id={`${id}-description`} label="Description (optional)" className="sm:col-span-2">
        {(control) => <Textarea {...control} rows={2} {...form.register('description')} />}
      </Field>
      <Field id={`${id}-notes`} label="Notes (optional)" className="sm:col-span-2">
        {(control) => <Textarea {...control} rows={2} {...form.register('notes')} />}
      </Field>
    </FormDialog>
  )
}
