import { useId } from 'react'
import {
  CATEGORY_LABELS,
  PRACTICE_CATEGORIES,
  PRACTICE_DIFFICULTIES,
  type Practice,
  type PracticeInput,
  PracticeInputSchema,
  MARKETPLACE_TEXTS as T,
} from '#shared/contracts/marketplace.contract.ts'
import { formatCommaList } from '#shared/domain/comma-list.ts'
import { Field } from '#web/components/field.tsx'
import { FormDialog } from '#web/components/form-dialog.tsx'
import { Input } from '#web/components/input.tsx'
import { Select } from '#web/components/select.tsx'
import { Textarea } from '#web/components/textarea.tsx'
import { COMMA_HINT, DIFFICULTY_LABELS } from './labels.ts'
import { useCarrierOptions } from './use-carrier-options.ts'
import { useItemForm } from './use-item-form.ts'

type PracticeForm = { [K in keyof Required<PracticeInput>]: string }

/** Spec §5: category application_tips and difficulty intermediate to start with. */
export function practiceDefaults(practice?: Practice): PracticeForm {
  return {
    carrierId: practice?.carrierId ?? '',
    title: practice?.title ?? '',
    content: practice?.content ?? '',
    category: practice?.category ?? 'application_tips',
    difficulty: practice?.difficulty ?? 'intermediate',
    tags: formatCommaList(practice?.tags ?? []),
  }
}

const CATEGORY_OPTIONS = PRACTICE_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }))
const DIFFICULTY_OPTIONS = PRACTICE_DIFFICULTIES.map((value) => ({ value, label: DIFFICULTY_LABELS[value] }))

interface PracticeDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  editing?: Practice
}

export function PracticeDialog({ open, onOpenChange, editing }: PracticeDialogProps) {
  const id = useId()
  const carriers = useCarrierOptions()
  const { form, submit, saving } = useItemForm({
    kind: 'practice',
    schema: PracticeInputSchema,
    defaults: practiceDefaults(editing),
    editingId: editing?.id,
    created: T.practiceShared,
    onDone: () => onOpenChange(false),
  })
  const { errors } = form.formState
  const register = form.register
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Edit Best Practice' : T.sharePractice}
      description="Share what works with agents in every agency. Your first name, last initial and agency are shown."
      submitLabel={editing ? 'Save Practice' : T.sharePractice}
      pending={saving}
      onSubmit={submit}
    >
      <Field id={`${id}-title`} label="Title" className="sm:col-span-2" error={errors.title?.message}>
        {(control) => <Input {...control} maxLength={200} {...register('title')} />}
      </Field>
      <Field id={`${id}-content`} label="Content" className="sm:col-span-2" error={errors.content?.message}>
        {(control) => <Textarea {...control} rows={5} {...register('content')} />}
      </Field>
      <Field id={`${id}-category`} label="Category" error={errors.category?.message}>
        {(control) => <Select {...control} options={CATEGORY_OPTIONS} {...register('category')} />}
      </Field>
      <Field id={`${id}-difficulty`} label="Difficulty" error={errors.difficulty?.message}>
        {(control) => <Select {...control} options={DIFFICULTY_OPTIONS} {...register('difficulty')} />}
      </Field>
      <Field id={`${id}-carrier`} label="Carrier (optional)" error={errors.carrierId?.message}>
        {(control) => (
          <Select
            {...control}
            placeholder="Any carrier"
            options={carriers.options}
            {...register('carrierId')}
          />
        )}
      </Field>
      <Field id={`${id}-tags`} label="Tags" hint={COMMA_HINT} error={errors.tags?.message}>
        {(control) => <Input {...control} {...register('tags')} />}
      </Field>
    </FormDialog>
  )
}
