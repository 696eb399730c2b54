import { BadgeCheck, Eye, ThumbsDown, ThumbsUp } from 'lucide-react'
import type { ReactNode } from 'react'
import { MARKETPLACE_TEXTS as T } from '#shared/contracts/marketplace.contract.ts'
import { Badge } from '#web/components/badge.tsx'
import { Button } from '#web/components/button.tsx'
import { Card } from '#web/components/card.tsx'
import { cn } from '#web/lib/cn.ts'
import { formatDate } from '#web/lib/format.ts'

/** A card's frame: its heading id names the article for screen readers. */
export function ItemCard({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Card className="grid gap-3 p-4 sm:p-5" aria-labelledby={`item-${id}-title`} role="article">
      {children}
    </Card>
  )
}

export function ItemTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h3 id={`item-${id}-title`} className="text-base font-semibold break-words text-slate-900">
      {children}
    </h3>
  )
}

export function VerifiedBadge() {
  return (
    <Badge tone="green" title="This agency has submitted to the carrier through this product">
      <BadgeCheck aria-hidden="true" className="mr-1 size-3.5" />
      {T.verified}
    </Badge>
  )
}

interface AuthorLineProps {
  authorName: string
  agencyName: string | null
  isMine: boolean
  /** When it was written. */
  at?: string
}

/** The author as the server tells it: a name with its agency, or 'Anonymous'; and when. */
export function AuthorLine({ authorName, agencyName, isMine, at }: AuthorLineProps) {
  return (
    <span>
      {authorName}
      {agencyName && <span className="text-slate-600"> · {agencyName}</span>}
      {isMine && <span className="text-slate-600"> (you)</span>}
      {at && (
        <span className="text-slate-600">
          {' · '}
          <time dateTime={at}>{formatDate(at)}</time>
        </span>
      )}
    </span>
  )
}

/** Text as typed: React writes it as text, so markup in it is shown, never run. */
export function ItemText({ children }: { children: string }) {
  return <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{children}</p>
}

export function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li key={tag}>
          <Badge tone="violet" className="max-w-full truncate">
            #{tag}
          </Badge>
        </li>
      ))}
    </ul>
  )
}

export function Views({ views }: { views: number }) {
  return (
    <span className="inline-flex items-center gap-1">
      <Eye aria-hidden="true" className="size-4" />
      {views} {views === 1 ? 'view' : 'views'}
    </span>
  )
}

/** Meta details in one wrapping row (carrier, author, counts). */
export function MetaRow({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600', className)}>
      {children}
    </div>
  )
}

interface VoteButtonsProps {
  upvotes: number
  downvotes: number
  myVote: boolean | null
  disabled: boolean
  onVote: (up: boolean | null) => void
}

/** Up and down, each pressed when it is the reader's vote; pressing it again withdraws the vote. */
export function VoteButtons({ upvotes, downvotes, myVote, disabled, onVote }: VoteButtonsProps) {
  return (
    <div className="flex items-center gap-1">
      <Button
        size="sm"
        variant={myVote === true ? 'secondary' : 'ghost'}
        aria-pressed={myVote === true}
        disabled={disabled}
        onClick={() => onVote(myVote === true ? null : true)}
      >
        <ThumbsUp aria-hidden="true" className={cn(myVote === true && 'fill-current')} />
        <span className="sr-only">Upvote </span>
        {upvotes}
      </Button>
      <Button
        size="sm"
        variant={myVote === false ? 'secondary' : 'ghost'}
        aria-pressed={myVote === false}
        disabled={disabled}
        onClick={() => onVote(myVote === false ? null : false)}
      >
        <ThumbsDown aria-hidden="true" className={cn(myVote === false && 'fill-current')} />
        <span className="sr-only">Downvote </span>
        {downvotes}
      </Button>
    </div>
  )
}

/** A card's last row: votes (or the helpful button) on the left, the item's actions on the right. */
export function CardFooterRow({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
      {children}
    </div>
  )
}
