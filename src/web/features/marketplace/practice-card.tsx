import { Building2 } from 'lucide-react'
import { useRef } from 'react'
import { CATEGORY_LABELS, type Practice } from '#shared/contracts/marketplace.contract.ts'
import { Badge } from '#web/components/badge.tsx'
import {
  AuthorLine,
  CardFooterRow,
  ItemCard,
  ItemText,
  ItemTitle,
  MetaRow,
  Tags,
  VerifiedBadge,
  Views,
  VoteButtons,
} from './card-parts.tsx'
import { ItemActions } from './item-actions.tsx'
import type { CardProps } from './items-tab.tsx'
import { DIFFICULTY_LABELS } from './labels.ts'
import { recordView } from './marketplace.queries.ts'
import { useSeen } from './use-seen.ts'

export function PracticeCard({ item: practice, voting, onVote, handlers }: CardProps<Practice>) {
  const ref = useRef<HTMLDivElement>(null)
  useSeen(ref, practice.id, recordView)
  return (
    <div ref={ref}>
      <ItemCard id={practice.id}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <ItemTitle id={practice.id}>{practice.title}</ItemTitle>
          {practice.isVerified && <VerifiedBadge />}
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge tone="blue">{CATEGORY_LABELS[practice.category]}</Badge>
          <Badge>{DIFFICULTY_LABELS[practice.difficulty]}</Badge>
        </div>
        <MetaRow>
          {practice.carrierName && (
            <span className="inline-flex items-center gap-1 font-medium text-slate-800">
              <Building2 aria-hidden="true" className="size-4" />
              {practice.carrierName}
            </span>
          )}
          <AuthorLine
            authorName={practice.authorName}
            agencyName={practice.agencyName}
            isMine={practice.isMine}
            at={practice.createdAt}
          />
          <Views views={practice.views} />
        </MetaRow>
        <ItemText>{practice.content}</ItemText>
        <Tags tags={practice.tags} />
        <CardFooterRow>
          <VoteButtons
            upvotes={practice.upvotes}
            downvotes={practice.downvotes}
            myVote={practice.myVote}
            disabled={voting}
            onVote={(up) => onVote(practice, up)}
          />
          <ItemActions item={practice} handlers={handlers} />
        </CardFooterRow>
      </ItemCard>
    </div>
  )
}
