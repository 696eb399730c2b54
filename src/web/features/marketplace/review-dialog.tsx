import { useId } from 'react'
import {
  EXPERIENCE_LEVELS,
  type Review,
  type ReviewInput,
  ReviewInputSchema,
  MARKETPLACE_TEXTS as T,
} from '#shared/contracts/marketplace.contract.ts'
import { formatCommaList } from '#shared/domain/comma-list.ts'
import { Field } from '#web/components/field.tsx'
import { FormDialog } from '#web/components/form-dialog.tsx'
import { Input } from '#web/components/input.tsx'
import { Select } from '#web/components/select.tsx'
import { Textarea } from '#web/components/textarea.tsx'
import { COMMA_HINT, EXPERIENCE_LABELS, RATING_CHOICES } from './labels.ts'
import { useCarrierOptions } from './use-carrier-options.ts'
import { useItemForm } from './use-item-form.ts'

type ReviewForm = { [K in keyof Required<ReviewInput>]: string }

/** Spec §5: rating 5 and experience intermediate to start with; lists typed with commas. */
export function reviewDefaults(review?: Review): ReviewForm {
  return {
    carrierId: review?.carrierId ?? '',
    rating: String(review?.rating ?? 5),
    title: review?.title ?? '',
    review: review?.review ?? '',
    pros: formatCommaList(review?.pros ?? []),
    cons: formatCommaList(review?.cons ?? []),
    experienceLevel: review?.experienceLevel ?? 'intermediate',
    tags: formatCommaList(review?.tags ?? []),
  }
}

const EXPERIENCE_OPTIONS = EXPERIENCE_LEVELS.map((level) => ({
  value: level,
  label: EXPERIENCE_LABELS[level],
}))

interface ReviewDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  editing?: Review
}

export function ReviewDialog({ open, onOpenChange, editing }: ReviewDialogProps) {
  const id = useId()
  const carriers = useCarrierOptions()
  const { form, submit, saving } = useItemForm({
    kind: 'review',
    schema: ReviewInputSchema,
    defaults: reviewDefaults(editing),
    editingId: editing?.id,
    created: T.reviewAdded,
    onDone: () => onOpenChange(false),
  })
  const { errors } = form.formState
  const register = form.register
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Edit Review' : T.addReview}
      description="Rate a carrier for agents in every agency. Your first name, last initial and agency are shown."
      submitLabel={editing ? 'Save Review' : T.addReview}
      pending={saving}
      onSubmit={submit}
    >
      <Field id={`${id}-carrier`} label="Carrier" error={errors.carrierId?.message}>
        {(control) => (
          <Select
            {...control}
            placeholder={carriers.loading ? 'Loading carriers...' : 'Select a carrier'}
            options={carriers.options}
            {...register('carrierId')}
          />
        )}
      </Field>
      <Field id={`${id}-rating`} label="Rating" error={errors.rating?.message}>
        {(control) => <Select {...control} options={RATING_CHOICES} {...register('rating')} />}
      </Field>
      <Field id={`${id}-title`} label="Title" className="sm:col-span-2" error={errors.title?.message}>
        {(control) => <Input {...control} maxLength={200} {...register('title')} />}
      </Field>
      <Field id={`${id}-review`} label="Review" className="sm:col-span-2" error={errors.review?.message}>
        {(control) => <Textarea {...control} rows={4} {...register('review')} />}
      </Field>
      <Field id={`${id}-pros`} label="Pros" hint={COMMA_HINT} error={errors.pros?.message}>
        {(control) => <Input {...control} {...register('pros')} />}
      </Field>
      <Field id={`${id}-cons`} label="Cons" hint={COMMA_HINT} error={errors.cons?.message}>
        {(control) => <Input {...control} {...register('cons')} />}
      </Field>
      <Field id={`${id}-experience`} label="Experience level" error={errors.experienceLevel?.message}>
        {(control) => <Select {...control} options={EXPERIENCE_OPTIONS} {...register('experienceLevel')} />}
      </Field>
      <Field id={`${id}-tags`} label="Tags" hint={COMMA_HINT} error={errors.tags?.message}>
        {(control) => <Input {...control} {...register('tags')} />}
      </Field>
    </FormDialog>
  )
}
