import { useInfiniteQuery } from '@tanstack/react-query'
import { Trash2 } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { MARKETPLACE_TEXTS as T } from '#shared/contracts/marketplace.contract.ts'
import { Button } from '#web/components/button.tsx'
import { Field } from '#web/components/field.tsx'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { Textarea } from '#web/components/textarea.tsx'
import { isApiError } from '#web/lib/api.ts'
import { formatDateTime } from '#web/lib/format.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { AuthorLine, ItemText } from './card-parts.tsx'
import { repliesQuery, useCreateReply, useDeleteReply } from './replies.queries.ts'

/** The thread under a post: its replies, oldest first, and a box to add one. */
export function RepliesThread({ postId }: { postId: string }) {
  const id = useId()
  const thread = useInfiniteQuery(repliesQuery(postId))
  const create = useCreateReply(postId)
  const remove = useDeleteReply(postId)
  const [text, setText] = useState('')
  const [error, setError] = useState<string>()
  const replies = thread.data?.pages.flatMap((page) => page.data)

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!text.trim()) return setError(T.replyRequired)
    create.mutate(text, {
      onSuccess: () => {
        setText('')
        setError(undefined)
      },
      onError: (failure) => setError(isApiError(failure) ? failure.message : T.failed),
    })
  }

  return (
    <section aria-label="Replies" className="grid gap-3 rounded-md bg-slate-50 p-3">
      {thread.isPending ? (
        <Spinner label="Loading replies" />
      ) : thread.isError ? (
        <p className="text-sm text-red-700">Could not load the replies.</p>
      ) : replies?.length === 0 ? (
        <p className="text-sm text-slate-600">No replies yet.</p>
      ) : (
        <ul className="grid gap-2">
          {replies?.map((reply) => (
            <li key={reply.id} className="grid gap-1 rounded-md bg-white p-3 shadow-sm">
              <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
                <AuthorLine
                  authorName={reply.authorName}
                  agencyName={reply.agencyName}
                  isMine={reply.isMine}
                />
                <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt)}</time>
              </div>
              <ItemText>{reply.content}</ItemText>
              {reply.isMine && (
                <Button
                  size="sm"
                  variant="ghost"
                  className="justify-self-end"
                  aria-label="Delete your reply"
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(reply.id, {
                      onError: (failure) =>
                        showToast({
                          title: 'Error',
                          description: isApiError(failure) ? failure.message : T.failed,
                          variant: 'destructive',
                        }),
                    })
                  }
                >
                  <Trash2 aria-hidden="true" />
                  Delete
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton list={thread} />
      <form noValidate onSubmit={submit} className="grid gap-2">
        <Field id={`${id}-reply`} label="Your reply" error={error}>
          {(control) => (
            <Textarea {...control} rows={2} value={text} onChange={(event) => setText(event.target.value)} />
          )}
        </Field>
        <Button type="submit" size="sm" className="justify-self-end" disabled={create.isPending}>
          {create.isPending ? 'Posting...' : 'Post reply'}
        </Button>
      </form>
    </section>
  )
}
