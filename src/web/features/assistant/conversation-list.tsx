import { useQuery } from '@tanstack/react-query'
import { Spinner } from '#web/components/spinner.tsx'
import { formatDateTime } from '#web/lib/format.ts'
import { conversationsQuery } from './assistant.queries.ts'

/** The user's earlier conversations, most recent first (asked for only while the assistant is open). */
export function ConversationList({ open, onPick }: { open: boolean; onPick: (id: string) => void }) {
  const { data, isPending, isError } = useQuery(conversationsQuery(open))
  if (isPending) return <Spinner className="m-4" label="Loading conversations" />
  if (isError) return <p className="m-4 text-sm text-red-700">The conversations could not be loaded.</p>
  if (data.length === 0) return <p className="m-4 text-sm text-slate-600">No conversations yet.</p>
  return (
    <ul className="flex-1 divide-y divide-slate-100 overflow-y-auto" aria-label="Conversations">
      {data.map((conversation) => (
        <li key={conversation.id}>
          <button
            type="button"
            onClick={() => onPick(conversation.id)}
            className="grid min-h-11 w-full gap-0.5 px-4 py-2 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-violet-700"
          >
            <span className="truncate text-sm font-medium text-slate-900">
              {conversation.title || 'Untitled'}
            </span>
            <span className="text-xs text-slate-600">{formatDateTime(conversation.updatedAt)}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}
