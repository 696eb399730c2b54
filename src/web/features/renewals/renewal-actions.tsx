import { ArrowRightLeft, HandCoins, Send } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import type { RenewalDetails } from '#shared/contracts/renewals.contract.ts'
import { isOpenStage } from '#shared/domain/renewal-pipeline.ts'
import { Button } from '#web/components/button.tsx'
import { useOpenedOnce } from '#web/lib/use-opened-once.ts'
import { AssigneePicker } from './assignee-picker.tsx'
import { RENEWAL_WORDS as W } from './renewal-texts.ts'

/** The dialogs (with the form library and the contracts' schemas) load when first opened. */
const MoveStageDialog = lazy(() =>
  import('./move-stage-dialog.tsx').then((m) => ({ default: m.MoveStageDialog })),
)
const RecordOfferDialog = lazy(() =>
  import('./record-offer-dialog.tsx').then((m) => ({ default: m.RecordOfferDialog })),
)
const RemarketDialog = lazy(() =>
  import('./remarket-dialog.tsx').then((m) => ({ default: m.RemarketDialog })),
)

type Opened = 'move' | 'offer' | 'remarket' | null

/** What an open renewal can have done to it: assign it, move it, record the offer, remarket it. */
export function RenewalActions({ renewal }: { renewal: RenewalDetails }) {
  const [opened, setOpened] = useState<Opened>(null)
  const moveMounted = useOpenedOnce(opened === 'move')
  const offerMounted = useOpenedOnce(opened === 'offer')
  const remarketMounted = useOpenedOnce(opened === 'remarket')
  if (!isOpenStage(renewal.stage)) return null
  const dialog = (name: Exclude<Opened, null>) => ({
    renewal,
    open: opened === name,
    onOpenChange: (open: boolean) => setOpened(open ? name : null),
  })
  return (
    <section aria-label={W.work} className="flex flex-wrap items-end gap-3">
      <AssigneePicker renewal={renewal} />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => setOpened('move')}>
          <ArrowRightLeft aria-hidden="true" />
          {W.moveStage}
        </Button>
        <Button variant="outline" onClick={() => setOpened('offer')}>
          <HandCoins aria-hidden="true" />
          {W.recordOffer}
        </Button>
        {!renewal.remarketApplicationId && (
          <Button onClick={() => setOpened('remarket')}>
            <Send aria-hidden="true" />
            {W.remarket}
          </Button>
        )}
      </div>
      <Suspense fallback={null}>
        {moveMounted && <MoveStageDialog {...dialog('move')} />}
        {offerMounted && <RecordOfferDialog {...dialog('offer')} />}
        {remarketMounted && <RemarketDialog {...dialog('remarket')} />}
      </Suspense>
    </section>
  )
}
