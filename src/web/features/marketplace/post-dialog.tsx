import { useId } from 'react'
import { z } from 'zod'
import {
  POST_TYPE_LABELS,
  POST_TYPES,
  type Post,
  PostInputSchema,
  MARKETPLACE_TEXTS as T,
} from '#shared/contracts/marketplace.contract.ts'
import { formatCommaList } from '#shared/domain/comma-list.ts'
import { Checkbox } from '#web/components/checkbox.tsx'
import { Field } from '#web/components/field.tsx'
import { FormDialog } from '#web/components/form-dialog.tsx'
import { Input } from '#web/components/input.tsx'
import { Select } from '#web/components/select.tsx'
import { Textarea } from '#web/components/textarea.tsx'
import { COMMA_HINT } from './labels.ts'
import { useCarrierOptions } from './use-carrier-options.ts'
import { useItemForm } from './use-item-form.ts'

/**
 * The spec's post form has no control for isAnonymous or carriers; the issue asks for anonymous
 * posts from the browser, so the dialog adds the checkbox (off, the spec's default) and one
 * optional carrier, sent as carrierIds (decision 019).
 */
const PostFormSchema = PostInputSchema.omit({ carrierIds: true })
  .extend({ carrierId: z.string().optional().default('') })
  .transform(({ carrierId, ...post }) => ({ ...post, carrierIds: carrierId ? [carrierId] : [] }))

interface PostForm {
  postType: string
  title: string
  content: string
  tags: string
  carrierId: string
  isAnonymous: boolean
}

/** Spec §5: post type tip and not anonymous to start with. */
export function postDefaults(post?: Post): PostForm {
  return {
    postType: post?.postType ?? 'tip',
    title: post?.title ?? '',
    content: post?.content ?? '',
    tags: formatCommaList(post?.tags ?? []),
    carrierId: post?.carrierIds[0] ?? '',
    isAnonymous: post?.isAnonymous ?? false,
  }
}

const TYPE_OPTIONS = POST_TYPES.map((value) => ({ value, label: POST_TYPE_LABELS[value] }))

interface PostDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  editing?: Post
}

export function PostDialog({ open, onOpenChange, editing }: PostDialogProps) {
  const id = useId()
  const carriers = useCarrierOptions()
  const { form, submit, saving } = useItemForm({
    kind: 'post',
    schema: PostFormSchema,
    defaults: postDefaults(editing),
    editingId: editing?.id,
    created: T.postCreated,
    onDone: () => onOpenChange(false),
  })
  const { errors } = form.formState
  const register = form.register
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Edit Post' : T.newPost}
      description="Ask, warn or share a win with agents in every agency."
      submitLabel={editing ? 'Save Post' : T.newPost}
      pending={saving}
      onSubmit={submit}
    >
      <Field id={`${id}-type`} label="Post type" error={errors.postType?.message}>
        {(control) => <Select {...control} options={TYPE_OPTIONS} {...register('postType')} />}
      </Field>
      <Field id={`${id}-carrier`} label="Carrier (optional)" error={errors.carrierId?.message}>
        {(control) => (
          <Select
            {...control}
            placeholder="No carrier"
            options={carriers.options}
            {...register('carrierId')}
          />
        )}
      </Field>
      <Field id={`${id}-title`} label="Title" className="sm:col-span-2" error={errors.title?.message}>
        {(control) => <Input {...control} maxLength={200} {...register('title')} />}
      </Field>
      <Field id={`${id}-content`} label="Content" className="sm:col-span-2" error={errors.content?.message}>
        {(control) => <Textarea {...control} rows={5} {...register('content')} />}
      </Field>
      <Field
        id={`${id}-tags`}
        label="Tags"
        hint={COMMA_HINT}
        className="sm:col-span-2"
        error={errors.tags?.message}
      >
        {(control) => <Input {...control} {...register('tags')} />}
      </Field>
      <Checkbox
        id={`${id}-anonymous`}
        className="sm:col-span-2"
        label="Post anonymously (your name and agency are hidden from other agents)"
        {...register('isAnonymous')}
      />
    </FormDialog>
  )
}
