import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import {
  CATEGORY_LABELS,
  CONTACT_CATEGORIES,
  CONTACT_PRIORITIES,
  type ContactInput,
  ContactInputSchema,
  HONEYPOT_FIELD,
  PRIORITY_LABELS,
  CONTACT_TEXTS as T,
} from '#shared/contracts/contact.contract.ts'
import { Button } from '#web/components/button.tsx'
import { Checkbox } from '#web/components/checkbox.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { Select } from '#web/components/select.tsx'
import { Textarea } from '#web/components/textarea.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { useSignedInUser } from '#web/lib/current-user.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { contactInfoQuery, useSendContactMessage } from './contact.queries.ts'

const TEXT_FIELDS = [
  ['name', 'Name', 'text', 'name'],
  ['email', 'Email', 'email', 'email'],
  ['phone', 'Phone (optional)', 'tel', 'tel'],
  ['company', 'Company (optional)', 'text', 'organization'],
] as const
const FIELD_NAMES = [
  'name',
  'email',
  'phone',
  'company',
  'subject',
  'category',
  'priority',
  'message',
] as const

/** The message form (spec §3, §5); a signed-in user's name, email, plan and browser come filled in. */
export function ContactForm({ onSent }: { onSent: (reference: string) => void }) {
  const queryClient = useQueryClient()
  const user = useSignedInUser()
  const send = useSendContactMessage()
  const form = useForm<ContactInput>({
    resolver: zodResolver(ContactInputSchema, undefined, { raw: true }),
    values: {
      name: user ? `${user.firstName} ${user.lastName}` : '',
      email: user?.email ?? '',
      phone: '',
      company: user?.agencyName ?? '',
      subject: '',
      category: '' as ContactInput['category'],
      priority: '' as ContactInput['priority'],
      message: '',
      agentId: user?.id ?? '',
      currentPlan: user?.subscriptionTier ?? '',
      browserInfo: typeof navigator === 'undefined' ? '' : navigator.userAgent.slice(0, 512),
      consentToFollow: true,
      [HONEYPOT_FIELD]: '',
    },
    resetOptions: { keepDirtyValues: true },
  })
  const { errors } = form.formState

  function submit(input: ContactInput) {
    send.mutate(input, {
      onSuccess: ({ reference }) => {
        showToast({ title: T.sentTitle, description: T.sent, variant: 'success' })
        onSent(reference)
      },
      onError: (error) => {
        applyFieldErrors(error, FIELD_NAMES, form.setError)
        // Read now: the address may have arrived after the form first showed.
        const supportEmail = queryClient.getQueryData(contactInfoQuery.queryKey)?.supportEmail ?? ''
        const description = isApiError(error, 429) ? error.message : T.failed.replace('{email}', supportEmail)
        showToast({ title: T.failedTitle, description, variant: 'destructive' })
      },
    })
  }

  return (
    <form noValidate aria-label="Contact support" className="grid gap-4" onSubmit={form.handleSubmit(submit)}>
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map(([name, label, type, autoComplete]) => (
          <Field key={name} id={`contact-${name}`} label={label} error={errors[name]?.message}>
            {(control) => (
              <Input {...control} type={type} autoComplete={autoComplete} {...form.register(name)} />
            )}
          </Field>
        ))}
      </div>
      <Field id="contact-subject" label="Subject" error={errors.subject?.message}>
        {(control) => <Input {...control} {...form.register('subject')} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="contact-category" label="Category" error={errors.category?.message}>
          {(control) => (
            <Select
              {...control}
              {...form.register('category')}
              placeholder="Select a category"
              options={CONTACT_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }))}
            />
          )}
        </Field>
        <Field id="contact-priority" label="Priority" error={errors.priority?.message}>
          {(control) => (
            <Select
              {...control}
              {...form.register('priority')}
              placeholder="Select a priority"
              options={CONTACT_PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }))}
            />
          )}
        </Field>
      </div>
      <Field id="contact-message" label="Message" error={errors.message?.message}>
        {(control) => <Textarea {...control} rows={6} {...form.register('message')} />}
      </Field>
      <Checkbox
        id="contact-consent"
        label="You may contact me to follow up on this message"
        {...form.register('consentToFollow')}
      />
      {/* A field people never see or reach: only a bot fills it in (the server then drops the message). */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input
          id="contact-website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...form.register(HONEYPOT_FIELD)}
        />
      </div>
      <Button type="submit" disabled={send.isPending} className="justify-self-start">
        {send.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  )
}
