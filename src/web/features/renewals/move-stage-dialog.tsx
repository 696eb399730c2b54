import { useId } from 'react'
import { type Resolver, useForm, useWatch } from 'react-hook-form'
import { RenewalChangeSchema } from '#shared/contracts/renewals.contract.ts'
import { LOST_REASON_LABELS, RENEWAL_STAGE_LABELS } from '#shared/contracts/renewals-texts.ts'
import { LOST_REASONS, RENEWAL_STAGES } from '#shared/domain/renewal-pipeline.ts'
import { Field } from '#web/components/field.tsx'
import { FormDialog } from '#web/components/form-dialog.tsx'
import { Select } from '#web/components/select.tsx'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { contractResolver } from '#web/lib/contract-resolver.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { type RenewalDialogProps, toastFailure } from './renewal-dialog.ts'
import { RENEWAL_WORDS as W } from './renewal-texts.ts'
import { type RenewalChangeInput, useChangeRenewal } from './renewals.queries.ts'

type MoveForm = { stage: string; lostReason: string }
const FIELDS: (keyof MoveForm)[] = ['stage', 'lostReason']
const EMPTY: MoveForm = { stage: '', lostReason: '' }

const REASON_OPTIONS = LOST_REASONS.map((value) => ({ value, label: LOST_REASON_LABELS[value] }))

const contract = contractResolver<MoveForm, RenewalChangeInput>(RenewalChangeSchema, (values) => ({
  stage: values.stage,
  lostReason: values.lostReason || undefined,
}))

/** A stage must be chosen; the contract then asks a reason for lost, and only for lost. */
const resolver: Resolver<MoveForm, unknown, RenewalChangeInput> = (values, context, options) =>
  values.stage
    ? contract(values, context, options)
    : { values: {}, errors: { stage: { type: 'required', message: W.stageRequired } } }

/** Moves the renewal along the pipeline, or closes it as lost (with its reason) or non-renewed. */
export function MoveStageDialog({ renewal, open, onOpenChange }: RenewalDialogProps) {
  const id = useId()
  const change = useChangeRenewal(renewal.id)
  const form = useForm<MoveForm, unknown, RenewalChangeInput>({ resolver, defaultValues: EMPTY })
  const stage = useWatch({ control: form.control, name: 'stage' })
  const { errors } = form.formState
  // Renewed is reached by renewing (the offer or a quote), never by a move.
  const stageOptions = RENEWAL_STAGES.filter((each) => each !== renewal.stage && each !== 'renewed').map(
    (value) => ({ value, label: RENEWAL_STAGE_LABELS[value] }),
  )
  const close = (next: boolean) => {
    if (!next) form.reset(EMPTY)
    onOpenChange(next)
  }
  const submit = form.handleSubmit((input) =>
    change.mutate(input, {
      onSuccess: (answer) => {
        showToast({ title: W.moved, description: RENEWAL_STAGE_LABELS[answer.stage], variant: 'success' })
        close(false)
      },
      onError: (error) => {
        applyFieldErrors(error, FIELDS, form.setError)
        toastFailure(W.moveFailed, error)
      },
    }),
  )
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={W.moveStage}
      description={W.moveDescription}
      submitLabel={W.moveStage}
      pending={change.isPending}
      onSubmit={submit}
    >
      <Field id={`${id}-stage`} label={W.moveTo} error={errors.stage?.message}>
        {(control) => (
          <Select
            {...control}
            placeholder={W.chooseStage}
            options={stageOptions}
            {...form.register('stage')}
          />
        )}
      </Field>
      {stage === 'lost' && (
        <Field id={`${id}-lostReason`} label={W.lostReason} error={errors.lostReason?.message}>
          {(control) => (
            <Select
              {...control}
              placeholder={W.chooseReason}
              options={REASON_OPTIONS}
              {...form.register('lostReason')}
            />
          )}
        </Field>
      )}
    </FormDialog>
  )
}
