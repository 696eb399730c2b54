import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { POLICY_DOCUMENT_TEXTS as T } from '#shared/contracts/policies-documents.contract.ts'
import {
  POLICY_DOCUMENT_LABELS,
  POLICY_DOCUMENT_TYPES,
  type PolicyDocumentType,
} from '#shared/domain/policy-documents.ts'
import { Button } from '#web/components/button.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { Select } from '#web/components/select.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useAttachPolicyDocument } from './policy-records.queries.ts'

const TYPE_OPTIONS = POLICY_DOCUMENT_TYPES.map((value) => ({ value, label: POLICY_DOCUMENT_LABELS[value] }))
const FIELDS = ['documentType', 'file'] as const

interface UploadForm {
  documentType: PolicyDocumentType | ''
  file: FileList | null
}

/**
 * Adds a file to the policy with its type. The browser checks nothing but that both are given:
 * the server judges the file by its content and size and answers on the field.
 */
export function PolicyDocumentUpload({ policyId }: { policyId: string }) {
  const id = useId()
  const attach = useAttachPolicyDocument(policyId)
  const form = useForm<UploadForm>({ defaultValues: { documentType: '', file: null } })
  const { errors } = form.formState
  const submit = form.handleSubmit(async ({ documentType, file }) => {
    const chosen = file?.[0]
    if (!documentType) form.setError('documentType', { message: T.documentType })
    if (!chosen) form.setError('file', { message: T.noFile })
    if (!documentType || !chosen) return
    try {
      await attach.mutateAsync({ documentType, file: chosen })
      form.reset()
      showToast({ title: T.uploaded, variant: 'success' })
    } catch (error) {
      applyFieldErrors(error, FIELDS, form.setError)
      showToast({
        title: T.uploadFailed,
        description: isApiError(error) ? error.message : undefined,
        variant: 'destructive',
      })
    }
  })
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Add a document"
      className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:items-start"
    >
      <Field id={`${id}-type`} label="Document type" error={errors.documentType?.message}>
        {(control) => (
          <Select
            {...control}
            options={TYPE_OPTIONS}
            placeholder="Choose a type"
            {...form.register('documentType')}
          />
        )}
      </Field>
      <Field
        id={`${id}-file`}
        label="File"
        hint="PDF, Word or an image, up to 10 MB"
        error={errors.file?.message}
      >
        {(control) => (
          <Input
            {...control}
            type="file"
            accept=".pdf,.doc,.docx,.png,.jpg,.jpeg"
            {...form.register('file')}
          />
        )}
      </Field>
      <Button type="submit" className="sm:mt-6" disabled={attach.isPending}>
        {attach.isPending ? 'Uploading...' : 'Upload'}
      </Button>
    </form>
  )
}
