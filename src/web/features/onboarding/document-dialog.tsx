import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { type Resolver, useForm } from 'react-hook-form'
import type { CallBody } from '#shared/contracts/call.ts'
import {
  type DocumentInput,
  DocumentInputSchema,
  type OnboardingDocument,
  type updateDocumentCall,
} from '#shared/contracts/onboarding-records.contract.ts'
import {
  humanize,
  ONBOARDING_DOCUMENT_TYPES,
  ONBOARDING_TEXTS as T,
} from '#shared/contracts/onboarding-texts.ts'
import { Checkbox } from '#web/components/checkbox.tsx'
import { Field } from '#web/components/field.tsx'
import { FormDialog } from '#web/components/form-dialog.tsx'
import { Input } from '#web/components/input.tsx'
import { Select } from '#web/components/select.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { AgentIdInput } from './agent-id-input.tsx'
import { attachFile } from './attach-file.ts'
import { onboardingKeys, useAddDocument, useUpdateDocument } from './onboarding.queries.ts'

type DocumentForm = {
  agentId: string
  documentType: string
  documentName: string
  expirationDate: string
  documentUrl: string
  isRequired: boolean
}
const FIELDS: (keyof DocumentForm)[] = [
  'agentId',
  'documentType',
  'documentName',
  'expirationDate',
  'documentUrl',
]
const resolver = zodResolver(DocumentInputSchema, undefined, {
  raw: true,
}) as unknown as Resolver<DocumentForm>
const TYPE_OPTIONS = ONBOARDING_DOCUMENT_TYPES.map((value) => ({ value, label: humanize(value) }))

const valuesOf = (document: OnboardingDocument | null): DocumentForm => ({
  agentId: document?.agentId ?? '',
  documentType: document?.documentType ?? '',
  documentName: document?.documentName ?? '',
  expirationDate: document?.expirationDate ?? '',
  documentUrl: document && !document.file ? (document.documentUrl ?? '') : '',
  isRequired: document?.isRequired ?? true,
})

/** Add or edit a document; a file (PDF, JPEG or PNG, up to 10 MB) goes to storage after it is saved. */
export function DocumentDialog({
  document,
  open,
  onOpenChange,
}: {
  document: OnboardingDocument | null
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const id = useId()
  const client = useQueryClient()
  const add = useAddDocument()
  const update = useUpdateDocument()
  const [file, setFile] = useState<File | null>(null)
  const [uploading, setUploading] = useState(false)
  const form = useForm<DocumentForm>({ resolver, defaultValues: valuesOf(document) })
  const { errors } = form.formState
  useEffect(() => {
    form.reset(valuesOf(document))
    setFile(null)
  }, [document, form])
  const failed = (text: string) => (error: unknown) => {
    applyFieldErrors(error, FIELDS, form.setError)
    showToast({
      title: text,
      description: isApiError(error) && error.status < 500 ? error.message : undefined,
      variant: 'destructive',
    })
  }
  const finish = async (saved: OnboardingDocument, text: string) => {
    if (file) {
      setUploading(true)
      try {
        await attachFile(saved.id, file)
        await client.invalidateQueries({ queryKey: onboardingKeys.all })
      } catch (error) {
        setUploading(false)
        return failed(document ? T.documentUpdateFailed : T.documentAddFailed)(error)
      }
      setUploading(false)
    }
    showToast({ title: text, variant: 'success' })
    onOpenChange(false)
  }
  const submit = form.handleSubmit(
    (values) => {
      // The resolver checked the values against the contract, so its choices are the known ones.
      const body = values as unknown as DocumentInput & CallBody<typeof updateDocumentCall>
      if (document)
        update.mutate(
          { id: document.id, body },
          { onSuccess: (saved) => finish(saved, T.documentUpdated), onError: failed(T.documentUpdateFailed) },
        )
      else
        add.mutate(body, {
          onSuccess: (saved) => finish(saved, T.documentAdded),
          onError: failed(T.documentAddFailed),
        })
    },
    () => showToast({ title: T.required, variant: 'destructive' }),
  )
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={document ? 'Edit Document' : 'Add Document'}
      description="It waits for review (Pending Review) until an admin approves or rejects it."
      submitLabel={document ? 'Save Document' : 'Add Document'}
      pending={add.isPending || update.isPending || uploading}
      onSubmit={submit}
    >
      <Field id={`${id}-agent`} label="Agent ID" error={errors.agentId?.message}>
        {(control) => (
          <AgentIdInput {...control} query={form.watch('agentId')} {...form.register('agentId')} />
        )}
      </Field>
      <Field id={`${id}-type`} label="Document type" error={errors.documentType?.message}>
        {(control) => (
          <Select
            {...control}
            placeholder="Select a type"
            options={TYPE_OPTIONS}
            {...form.register('documentType')}
          />
        )}
      </Field>
      <Field id={`${id}-name`} label="Document name" error={errors.documentName?.message}>
        {(control) => <Input {...control} {...form.register('documentName')} />}
      </Field>
      <Field id={`${id}-expires`} label="Expiration date (optional)" error={errors.expirationDate?.message}>
        {(control) => <Input {...control} type="date" {...form.register('expirationDate')} />}
      </Field>
      <Field
        id={`${id}-file`}
        label="File (optional)"
        hint={document?.file ? `On file: ${document.file.fileName}` : 'PDF, JPEG or PNG, up to 10 MB'}
      >
        {(control) => (
          <Input
            {...control}
            type="file"
            accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      <Field id={`${id}-url`} label="Or a link (optional)" error={errors.documentUrl?.message}>
        {(control) => <Input {...control} type="url" {...form.register('documentUrl')} />}
      </Field>
      <Checkbox
        id={`${id}-required`}
        label="Required document"
        className="sm:col-span-2"
        {...form.register('isRequired')}
      />
    </FormDialog>
  )
}
