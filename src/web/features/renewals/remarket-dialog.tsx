import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { type Resolver, useForm, useWatch } from 'react-hook-form'
import { Link } from 'react-router'
import { type RemarketInput, RemarketInputSchema } from '#shared/contracts/renewals-outcomes.contract.ts'
import { Button, buttonClasses } from '#web/components/button.tsx'
import { Checkbox } from '#web/components/checkbox.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/dialog.tsx'
import { FormDialog } from '#web/components/form-dialog.tsx'
import { carriersQuery } from '#web/features/carriers/carriers.queries.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { contractResolver } from '#web/lib/contract-resolver.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { RemarketChoices, type RemarketForm } from './remarket-choices.tsx'
import { type RenewalDialogProps, toastFailure } from './renewal-dialog.ts'
import { RENEWAL_WORDS as W } from './renewal-texts.ts'
import { useRemarketRenewal } from './renewals.queries.ts'

const FIELDS = ['carrierIds', 'excludeExpiringCarrier'] as const
const EMPTY: RemarketForm = { mode: 'fitting', carrierIds: [], excludeExpiringCarrier: false, when: 'now' }

const contract = contractResolver<RemarketForm, RemarketInput>(RemarketInputSchema, (values) => ({
  carrierIds: values.mode === 'chosen' ? values.carrierIds : undefined,
  excludeExpiringCarrier: values.excludeExpiringCarrier,
  send: values.when === 'now',
}))

/** Choosing carriers means choosing one at least; the contract checks the rest. */
const resolver: Resolver<RemarketForm, unknown, RemarketInput> = (values, context, options) =>
  values.mode === 'chosen' && values.carrierIds.length === 0
    ? { values: {}, errors: { carrierIds: { type: 'required', message: W.chooseCarriers } } }
    : contract(values, context, options)

type Remarketed = { applicationId: string; sent: boolean }

/**
 * Remarkets with one action: a new application from the policy's client and last application,
 * sent through smart bulk submission (to every fitting carrier, or to those chosen), or kept as a
 * draft to edit first. Its quotes come back into this renewal's comparison.
 */
export function RemarketDialog({ renewal, open, onOpenChange }: RenewalDialogProps) {
  const id = useId()
  const remarket = useRemarketRenewal(renewal.id)
  const carriers = useQuery(carriersQuery)
  const [done, setDone] = useState<Remarketed | null>(null)
  const form = useForm<RemarketForm, unknown, RemarketInput>({ resolver, defaultValues: EMPTY })
  const mode = useWatch({ control: form.control, name: 'mode' })
  const close = (next: boolean) => {
    if (!next) {
      form.reset(EMPTY)
      setDone(null)
    }
    onOpenChange(next)
  }
  const submit = form.handleSubmit((input) =>
    remarket.mutate(input, {
      onSuccess: ({ applicationId }) => {
        showToast({ title: W.remarketed, variant: 'success' })
        setDone({ applicationId, sent: input.send !== false })
      },
      onError: (error) => {
        applyFieldErrors(error, FIELDS, form.setError)
        toastFailure(W.remarketFailed, error)
      },
    }),
  )
  if (done) return <RemarketResult done={done} open={open} onClose={() => close(false)} />
  const others = (carriers.data ?? [])
    .filter((carrier) => carrier.isActive && carrier.id !== renewal.carrierId)
    .sort((a, b) => a.name.localeCompare(b.name))
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={W.remarketTitle}
      description={W.remarketDescription}
      submitLabel={W.remarket}
      pending={remarket.isPending}
      onSubmit={submit}
    >
      <RemarketChoices id={id} form={form} mode={mode} carriers={others} />
      <Checkbox
        id={`${id}-exclude`}
        className="sm:col-span-2"
        label={W.excludeExpiring.replace('{carrier}', renewal.carrierName)}
        {...form.register('excludeExpiringCarrier')}
      />
    </FormDialog>
  )
}

function RemarketResult({ done, open, onClose }: { done: Remarketed; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{W.remarketed}</DialogTitle>
          <DialogDescription>{done.sent ? W.remarketSent : W.remarketDraft}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {W.done}
          </Button>
          <Link to={`/applications/${done.applicationId}`} className={buttonClasses()}>
            {W.openApplication}
          </Link>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
