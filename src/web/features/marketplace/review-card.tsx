import { Building2, Clock, Minus, Plus, Star, ThumbsUp } from 'lucide-react'
import type { Review } from '#shared/contracts/marketplace.contract.ts'
import { Badge } from '#web/components/badge.tsx'
import { Button } from '#web/components/button.tsx'
import { cn } from '#web/lib/cn.ts'
import {
  AuthorLine,
  CardFooterRow,
  ItemCard,
  ItemText,
  ItemTitle,
  MetaRow,
  Tags,
  VerifiedBadge,
} from './card-parts.tsx'
import { ItemActions } from './item-actions.tsx'
import type { CardProps } from './items-tab.tsx'
import { EXPERIENCE_LABELS } from './labels.ts'

export function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className="inline-flex">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn('size-4', n <= rating ? 'fill-amber-400 text-amber-500' : 'text-slate-300')}
        />
      ))}
    </span>
  )
}

function PointList({
  label,
  items,
  Icon,
  tone,
}: {
  label: string
  items: string[]
  Icon: typeof Plus
  tone: string
}) {
  if (items.length === 0) return null
  return (
    <div className="min-w-0">
      <h4 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</h4>
      <ul className="mt-1 grid gap-1 text-sm text-slate-800">
        {items.map((item) => (
          <li key={item} className="flex gap-1.5 break-words">
            <Icon aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', tone)} />
            <span className="min-w-0">{item}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function ReviewCard({ item: review, voting, onVote, handlers }: CardProps<Review>) {
  const helpful = review.myVote === true
  return (
    <ItemCard id={review.id}>
      <div className="flex flex-wrap items-center gap-2">
        <Stars rating={review.rating} />
        <span className="text-sm font-medium text-slate-900">{review.rating}/5</span>
        {review.isVerified && <VerifiedBadge />}
        <Badge>{EXPERIENCE_LABELS[review.experienceLevel]}</Badge>
      </div>
      <ItemTitle id={review.id}>{review.title}</ItemTitle>
      <MetaRow>
        <span className="inline-flex items-center gap-1 font-medium text-slate-800">
          <Building2 aria-hidden="true" className="size-4" />
          {review.carrierName}
        </span>
        <AuthorLine
          authorName={review.reviewerName}
          agencyName={review.agencyName}
          isMine={review.isMine}
          at={review.createdAt}
        />
      </MetaRow>
      {review.carrierTurnaroundDays !== null && (
        <p className="inline-flex items-center gap-1 text-sm text-slate-700">
          <Clock aria-hidden="true" className="size-4" />
          Measured turnaround: median {review.carrierTurnaroundDays} days from submission to decision, across
          agencies
        </p>
      )}
      <ItemText>{review.review}</ItemText>
      {(review.pros.length > 0 || review.cons.length > 0) && (
        <div className="grid gap-3 sm:grid-cols-2">
          <PointList label="Pros" items={review.pros} Icon={Plus} tone="text-green-700" />
          <PointList label="Cons" items={review.cons} Icon={Minus} tone="text-red-700" />
        </div>
      )}
      <Tags tags={review.tags} />
      <CardFooterRow>
        <div className="flex items-center gap-2 text-sm text-slate-600">
          <Button
            size="sm"
            variant={helpful ? 'secondary' : 'outline'}
            aria-pressed={helpful}
            disabled={voting}
            onClick={() => onVote(review, helpful ? null : true)}
          >
            <ThumbsUp aria-hidden="true" className={cn(helpful && 'fill-current')} />
            Helpful ({review.helpfulVotes})
          </Button>
          <span>
            {review.totalVotes} {review.totalVotes === 1 ? 'vote' : 'votes'}
          </span>
        </div>
        <ItemActions item={review} handlers={handlers} />
      </CardFooterRow>
    </ItemCard>
  )
}
