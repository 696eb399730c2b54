import { useId } from 'react'
import type { Placement } from '#shared/contracts/esigning.contract.ts'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { Select } from '#web/components/select.tsx'

const POSITIONS = {
  end: { label: 'End of the page (bottom right)', box: { x: 0.55, y: 0.8, width: 0.35 } },
  'bottom-left': { label: 'Bottom left', box: { x: 0.08, y: 0.8, width: 0.35 } },
  'top-right': { label: 'Top right', box: { x: 0.55, y: 0.08, width: 0.35 } },
  middle: { label: 'Middle', box: { x: 0.33, y: 0.45, width: 0.35 } },
} as const
export type Position = keyof typeof POSITIONS

export interface PlacementChoice {
  /** Blank: the last page. */
  page: string
  position: Position
}

export const DEFAULT_PLACEMENT: PlacementChoice = { page: '', position: 'end' }

/** What the server gets: nothing for the default (the end of the last page), else the page and box. */
export function placementOf(choice: PlacementChoice): Placement | undefined {
  const page = Number.parseInt(choice.page, 10)
  if (!page && choice.position === 'end') return undefined
  // A page past the last is the last: the server places it there.
  return { page: page > 0 ? page : 10_000, ...POSITIONS[choice.position].box }
}

export function PlacementFields({
  value,
  onChange,
}: {
  value: PlacementChoice
  onChange: (next: PlacementChoice) => void
}) {
  const id = useId()
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field id={`${id}-page`} label="Page" hint="Leave blank for the last page">
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            value={value.page}
            onChange={(event) => onChange({ ...value, page: event.target.value.replace(/\D/g, '') })}
          />
        )}
      </Field>
      <Field id={`${id}-position`} label="Position on the page">
        {(control) => (
          <Select
            {...control}
            value={value.position}
            onChange={(event) => onChange({ ...value, position: event.target.value as Position })}
            options={Object.entries(POSITIONS).map(([key, { label }]) => ({ value: key, label }))}
          />
        )}
      </Field>
    </div>
  )
}
