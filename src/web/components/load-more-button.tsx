import { Button } from './button.tsx'

interface PagedList {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => unknown
}

/** The next page of a cursor-paged list; shown only while there is one. */
export function LoadMoreButton({ list }: { list: PagedList }) {
  if (!list.hasNextPage) return null
  return (
    <Button
      variant="outline"
      className="justify-self-center"
      disabled={list.isFetchingNextPage}
      onClick={() => list.fetchNextPage()}
    >
      {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
    </Button>
  )
}
