import { ChevronDown } from 'lucide-react'
import type { CommissionException } from '#shared/contracts/commissions-statements.contract.ts'
import {
  EXCEPTION_ACTION_LABELS,
  type ExceptionAction,
} from '#shared/contracts/commissions-statements-texts.ts'
import { Button } from '#web/components/button.tsx'
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '#web/components/popover.tsx'
import { actionsFor, describeException } from './exception-display.tsx'
import { EXCEPTION_WORDS as W } from './exception-texts.ts'

interface ExceptionActionMenuProps {
  exception: CommissionException
  onChoose: (exception: CommissionException, action: ExceptionAction) => void
}

/** An open exception's actions in a small menu; each opens its dialog. */
export function ExceptionActionMenu({ exception, onChoose }: ExceptionActionMenuProps) {
  const name = describeException(exception)
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`${W.resolve}: ${name}`}>
          {W.resolve}
          <ChevronDown aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label={`${W.resolve}: ${name}`} className="grid w-56 gap-1 p-1.5">
        {actionsFor(exception).map((action) => (
          <PopoverClose asChild key={action}>
            <Button
              variant="ghost"
              size="sm"
              className="justify-start"
              onClick={() => onChoose(exception, action)}
            >
              {EXCEPTION_ACTION_LABELS[action]}
            </Button>
          </PopoverClose>
        ))}
      </PopoverContent>
    </Popover>
  )
}
