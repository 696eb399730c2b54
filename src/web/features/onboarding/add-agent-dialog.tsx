import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { type Resolver, useForm } from 'react-hook-form'
import { type NewAgent, NewAgentSchema } from '#shared/contracts/onboarding-agents.contract.ts'
import { DEPARTMENTS, humanize, ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { Field } from '#web/components/field.tsx'
import { FormDialog } from '#web/components/form-dialog.tsx'
import { Input } from '#web/components/input.tsx'
import { Select } from '#web/components/select.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useAddAgent } from './onboarding.queries.ts'
import { splitToast } from './split-toast.ts'

type AgentForm = { [K in keyof Required<NewAgent>]: string }
const EMPTY: AgentForm = {
  agentId: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  department: '',
  startDate: '',
  supervisor: '',
  workflowId: '',
}
const FIELDS = Object.keys(EMPTY) as (keyof AgentForm)[]
const resolver = zodResolver(NewAgentSchema, undefined, { raw: true }) as unknown as Resolver<AgentForm>
const DEPARTMENT_OPTIONS = DEPARTMENTS.map((value) => ({ value, label: humanize(value) }))

/** Add New Agent: records the agent and emails them a one-time link to set a password and join. */
export function AddAgentDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const id = useId()
  const add = useAddAgent()
  const form = useForm<AgentForm>({ resolver, defaultValues: EMPTY })
  const { errors } = form.formState
  const close = (next: boolean) => {
    if (!next) form.reset(EMPTY)
    onOpenChange(next)
  }
  const submit = form.handleSubmit(
    (values) =>
      add.mutate(values, {
        onSuccess: ({ invitation }) => {
          const { title, description } = splitToast(T.agentAdded)
          const sent = invitation
            ? invitation.delivery === 'email'
              ? ` An invitation was emailed to ${invitation.sentTo}.`
              : ' The invitation email is waiting in the Outbox.'
            : ' They already have an account and were linked to it.'
          showToast({ title, description: `${description}${sent}`, variant: 'success' })
          close(false)
        },
        onError: (error) => {
          applyFieldErrors(error, FIELDS, form.setError)
          const reason = isApiError(error) && error.status < 500 ? error.message : undefined
          const { title, description } = splitToast(T.agentAddFailed)
          showToast({ title, description: reason ?? description, variant: 'destructive' })
        },
      }),
    () =>
      showToast({ title: T.newAgentRequiredTitle, description: T.newAgentRequired, variant: 'destructive' }),
  )
  const text = (name: keyof AgentForm, label: string, type = 'text', autoComplete = 'off') => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]?.message}>
      {(control) => <Input {...control} type={type} autoComplete={autoComplete} {...form.register(name)} />}
    </Field>
  )
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title="Add New Agent"
      description="They get an email with a one-time link, valid for 7 days, to set a password and join your agency."
      submitLabel="Add Agent"
      pending={add.isPending}
      onSubmit={submit}
    >
      {text('agentId', 'Agent ID')}
      {text('email', 'Email', 'email')}
      {text('firstName', 'First Name')}
      {text('lastName', 'Last Name')}
      {text('phone', 'Phone (optional)', 'tel')}
      <Field id={`${id}-department`} label="Department (optional)" error={errors.department?.message}>
        {(control) => (
          <Select
            {...control}
            placeholder="Select a department"
            options={DEPARTMENT_OPTIONS}
            {...form.register('department')}
          />
        )}
      </Field>
      {text('startDate', 'Start date (optional)', 'date')}
      {text('supervisor', 'Supervisor (optional)')}
    </FormDialog>
  )
}
