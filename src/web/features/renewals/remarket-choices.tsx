import type { UseFormReturn } from 'react-hook-form'
import type { Carrier } from '#shared/contracts/carriers.contract.ts'
import type { RemarketInput } from '#shared/contracts/renewals-outcomes.contract.ts'
import { Checkbox } from '#web/components/checkbox.tsx'
import { RENEWAL_WORDS as W } from './renewal-texts.ts'

export type RemarketForm = {
  /** Every fitting carrier (the server's choice), or only those ticked. */
  mode: 'fitting' | 'chosen'
  carrierIds: string[]
  excludeExpiringCarrier: boolean
  /** Send the new application at once, or keep it a draft to edit first. */
  when: 'now' | 'draft'
}
interface RemarketChoicesProps {
  id: string
  form: UseFormReturn<RemarketForm, unknown, RemarketInput>
  mode: RemarketForm['mode']
  /** The agency's active carriers other than the expiring one (a checkbox of its own governs it). */
  carriers: Carrier[]
}

const LEGEND = 'mb-2 text-sm font-medium text-slate-900'

/** Where the new application goes (every fitting carrier, or those ticked) and when it is sent. */
export function RemarketChoices({ id, form, mode, carriers }: RemarketChoicesProps) {
  const carrierError = form.formState.errors.carrierIds?.message
  return (
    <>
      <fieldset className="sm:col-span-2">
        <legend className={LEGEND}>{W.sendTo}</legend>
        <Radio id={`${id}-fitting`} label={W.fittingCarriers} value="fitting" {...form.register('mode')} />
        <Radio id={`${id}-chosen`} label={W.chosenCarriers} value="chosen" {...form.register('mode')} />
      </fieldset>
      {mode === 'chosen' && (
        <fieldset
          className="sm:col-span-2"
          aria-invalid={Boolean(carrierError)}
          aria-describedby={carrierError ? `${id}-carriers-error` : undefined}
        >
          <legend className={LEGEND}>{W.carriers}</legend>
          <div className="grid max-h-56 gap-x-4 overflow-y-auto rounded-md border border-slate-200 px-3 py-1 sm:grid-cols-2">
            {carriers.map((carrier) => (
              <Checkbox
                key={carrier.id}
                id={`${id}-carrier-${carrier.id}`}
                label={carrier.name}
                value={carrier.id}
                {...form.register('carrierIds')}
              />
            ))}
          </div>
          {carrierError && (
            <p id={`${id}-carriers-error`} className="mt-1.5 text-sm font-medium text-red-700">
              {carrierError}
            </p>
          )}
        </fieldset>
      )}
      <fieldset className="sm:col-span-2">
        <legend className={LEGEND}>{W.when}</legend>
        <Radio id={`${id}-now`} label={W.sendNow} value="now" {...form.register('when')} />
        <Radio id={`${id}-draft`} label={W.editFirst} value="draft" {...form.register('when')} />
      </fieldset>
    </>
  )
}

type RadioProps = ReturnType<UseFormReturn<RemarketForm>['register']> & {
  id: string
  label: string
  value: string
}

/** A native radio with its label; the row is a 44px target on touch screens. */
function Radio({ id, label, ...props }: RadioProps) {
  return (
    <label
      htmlFor={id}
      className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-slate-800 sm:min-h-9"
    >
      <input id={id} type="radio" className="size-5 shrink-0 cursor-pointer accent-violet-700" {...props} />
      <span>{label}</span>
    </label>
  )
}
