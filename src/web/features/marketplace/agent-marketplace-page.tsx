import { Lightbulb, MessagesSquare, ShieldCheck, Star } from 'lucide-react'
import { lazy, useState } from 'react'
import { MARKETPLACE_TEXTS as T } from '#shared/contracts/marketplace.contract.ts'
import { MODERATION_TEXTS } from '#shared/contracts/marketplace-community.contract.ts'
import { isPlatformRole } from '#shared/domain/roles.ts'
import { type IconTab, IconTabsList, Tabs, TabsContent } from '#web/components/tabs.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { useCurrentUser } from '#web/lib/current-user.ts'
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts'
import { ItemsTab } from './items-tab.tsx'
import { type FilterValues, MarketplaceFilters } from './marketplace-filters.tsx'
import { ModerationTab } from './moderation-tab.tsx'
import { PostCard } from './post-card.tsx'
import { PracticeCard } from './practice-card.tsx'
import { ReviewCard } from './review-card.tsx'

/** The forms (and their form library) load when a dialog is first opened, not with the lists. */
const ReviewDialog = lazy(() => import('./review-dialog.tsx').then((m) => ({ default: m.ReviewDialog })))
const PracticeDialog = lazy(() =>
  import('./practice-dialog.tsx').then((m) => ({ default: m.PracticeDialog })),
)
const PostDialog = lazy(() => import('./post-dialog.tsx').then((m) => ({ default: m.PostDialog })))

/** The search waits for typing to pause this long before asking the server. */
const SEARCH_DEBOUNCE_MS = 250

const TABS: IconTab[] = [
  { value: 'reviews', label: T.tabReviews, Icon: Star },
  { value: 'practices', label: T.tabPractices, Icon: Lightbulb },
  { value: 'posts', label: T.tabPosts, Icon: MessagesSquare },
]
const MODERATION_TAB: IconTab = { value: 'moderation', label: MODERATION_TEXTS.tab, Icon: ShieldCheck }

const INITIAL: FilterValues = { search: '', carrierId: 'all', category: 'all', sort: 'newest' }

export function AgentMarketplacePage() {
  const user = useCurrentUser()
  const [tab, setTab] = useState('reviews')
  // A tab's list is asked for when the tab is first opened, then kept.
  const [opened, setOpened] = useState(() => new Set(['reviews']))
  const open = (next: string) => {
    setTab(next)
    setOpened((current) => (current.has(next) ? current : new Set([...current, next])))
  }
  const [values, setValues] = useState(INITIAL)
  const search = useDebouncedValue(values.search.trim(), SEARCH_DEBOUNCE_MS)
  const filters = { ...values, search }
  const filtered = search !== '' || values.carrierId !== 'all'
  const tabs = isPlatformRole(user.role) ? [...TABS, MODERATION_TAB] : TABS
  return (
    <>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <MarketplaceFilters values={values} onChange={setValues} categoryApplies={tab === 'practices'} />
      <Tabs defaultValue="reviews" value={tab} onValueChange={open}>
        <IconTabsList tabs={tabs} aria-label="Marketplace" className="grid grid-cols-2 sm:inline-flex" />
        <TabsContent value="reviews">
          <ItemsTab
            kind="review"
            filters={filters}
            filtered={filtered}
            addLabel={T.addReview}
            listLabel="Reviews"
            emptyTitle={T.emptyReviews}
            skeletons={4}
            Card={ReviewCard}
            Dialog={ReviewDialog}
          />
        </TabsContent>
        <TabsContent value="practices">
          {opened.has('practices') && (
            <ItemsTab
              kind="practice"
              filters={filters}
              filtered={filtered || values.category !== 'all'}
              addLabel={T.sharePractice}
              listLabel="Best practices"
              emptyTitle={T.emptyPractices}
              skeletons={3}
              Card={PracticeCard}
              Dialog={PracticeDialog}
            />
          )}
        </TabsContent>
        <TabsContent value="posts">
          {opened.has('posts') && (
            <ItemsTab
              kind="post"
              filters={filters}
              filtered={filtered}
              addLabel={T.newPost}
              listLabel="Community posts"
              emptyTitle={T.emptyPosts}
              skeletons={3}
              Card={PostCard}
              Dialog={PostDialog}
            />
          )}
        </TabsContent>
        <TabsContent value="moderation">{opened.has('moderation') && <ModerationTab />}</TabsContent>
      </Tabs>
    </>
  )
}
