import { AlertTriangle, Building2, HelpCircle, Lightbulb, MessageSquare, Trophy } from 'lucide-react'
import { useRef, useState } from 'react'
import {
  POST_TYPE_LABELS,
  type Post,
  MARKETPLACE_TEXTS as T,
} from '#shared/contracts/marketplace.contract.ts'
import { Badge } from '#web/components/badge.tsx'
import { Button } from '#web/components/button.tsx'
import {
  AuthorLine,
  CardFooterRow,
  ItemCard,
  ItemText,
  ItemTitle,
  MetaRow,
  Tags,
  Views,
  VoteButtons,
} from './card-parts.tsx'
import { ItemActions } from './item-actions.tsx'
import type { CardProps } from './items-tab.tsx'
import { recordView } from './marketplace.queries.ts'
import { RepliesThread } from './replies-thread.tsx'
import { useSeen } from './use-seen.ts'

const TYPE_ICONS = {
  tip: Lightbulb,
  question: HelpCircle,
  success_story: Trophy,
  warning: AlertTriangle,
} as const
const TYPE_TONES = { tip: 'blue', question: 'violet', success_story: 'green', warning: 'orange' } as const

export function PostCard({ item: post, voting, onVote, handlers }: CardProps<Post>) {
  const ref = useRef<HTMLDivElement>(null)
  const [threadOpen, setThreadOpen] = useState(false)
  useSeen(ref, post.id, recordView)
  const Icon = TYPE_ICONS[post.postType]
  return (
    <div ref={ref}>
      <ItemCard id={post.id}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Badge tone={TYPE_TONES[post.postType]}>
            <Icon aria-hidden="true" className="mr-1 size-3.5" />
            {POST_TYPE_LABELS[post.postType]}
          </Badge>
          <MetaRow>
            <Views views={post.views} />
            <span className="inline-flex items-center gap-1">
              <MessageSquare aria-hidden="true" className="size-4" />
              {post.replies} {post.replies === 1 ? 'reply' : 'replies'}
            </span>
          </MetaRow>
        </div>
        <ItemTitle id={post.id}>{post.title}</ItemTitle>
        <MetaRow>
          <AuthorLine
            authorName={post.authorName}
            agencyName={post.agencyName}
            isMine={post.isMine}
            at={post.createdAt}
          />
          {post.isAnonymous && post.authorName !== T.anonymous && (
            <Badge>Posted anonymously: shown to platform admins only</Badge>
          )}
          {post.carrierNames.map((name) => (
            <span key={name} className="inline-flex items-center gap-1 font-medium text-slate-800">
              <Building2 aria-hidden="true" className="size-4" />
              {name}
            </span>
          ))}
        </MetaRow>
        <ItemText>{post.content}</ItemText>
        <Tags tags={post.tags} />
        <CardFooterRow>
          <div className="flex flex-wrap items-center gap-1">
            <VoteButtons
              upvotes={post.upvotes}
              downvotes={post.downvotes}
              myVote={post.myVote}
              disabled={voting}
              onVote={(up) => onVote(post, up)}
            />
            <Button
              size="sm"
              variant="outline"
              aria-expanded={threadOpen}
              onClick={() => setThreadOpen(!threadOpen)}
            >
              <MessageSquare aria-hidden="true" />
              {T.reply}
            </Button>
          </div>
          <ItemActions item={post} handlers={handlers} />
        </CardFooterRow>
        {threadOpen && <RepliesThread postId={post.id} />}
      </ItemCard>
    </div>
  )
}
