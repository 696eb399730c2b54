import { FileSpreadsheet, ListChecks, Percent } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { useSearchParams } from 'react-router'
import { STATEMENT_TEXTS } from '#shared/contracts/commissions-statements-texts.ts'
import { COMMISSION_TEXTS as T } from '#shared/contracts/commissions-texts.ts'
import { PageSpinner } from '#web/components/spinner.tsx'
import { IconTabsList, Tabs, TabsContent } from '#web/components/tabs.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { useOpenedOnce } from '#web/lib/use-opened-once.ts'
import { SchedulesTab } from './schedules-tab.tsx'
import { StatementsTab } from './statements-tab.tsx'

/** A statement's page, loaded with this one (page-routes.tsx says why). */
export { StatementPage } from './statement-page.tsx'

/** The exceptions tab loads its code when first opened. */
const ExceptionsTab = lazy(() => import('./exceptions-tab.tsx').then((m) => ({ default: m.ExceptionsTab })))

const TABS = [
  { value: 'schedules', label: T.schedulesTab, Icon: Percent },
  { value: 'statements', label: STATEMENT_TEXTS.statementsTab, Icon: FileSpreadsheet },
  { value: 'exceptions', label: STATEMENT_TEXTS.exceptionsTab, Icon: ListChecks },
] as const

type TabValue = (typeof TABS)[number]['value']
const DEFAULT_TAB: TabValue = 'schedules'

/** The tab the address names (`?tab=statements`), so a statement's page can link back to its tab. */
function tabOf(search: URLSearchParams): TabValue {
  const asked = search.get('tab')
  return TABS.find((tab) => tab.value === asked)?.value ?? DEFAULT_TAB
}

/** /commissions: what the agency's policies should earn, the carriers' statements and their reconciliation. */
export function CommissionsPage() {
  const [search, setSearch] = useSearchParams()
  const tab = tabOf(search)
  // A tab's calls wait until it is first shown; it then stays mounted, its filters kept.
  const statementsShown = useOpenedOnce(tab === 'statements')
  const exceptionsShown = useOpenedOnce(tab === 'exceptions')
  const show = (tab: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current)
        if (tab === DEFAULT_TAB) next.delete('tab')
        else next.set('tab', tab)
        return next
      },
      { replace: true },
    )
  return (
    <>
      <PageHeader
        title={T.title}
        subtitle="Commission schedules, carrier statements and their reconciliation"
      />
      <Tabs defaultValue={DEFAULT_TAB} value={tab} onValueChange={show}>
        <IconTabsList tabs={TABS} aria-label={T.title} />
        <TabsContent value="schedules">
          <SchedulesTab />
        </TabsContent>
        <TabsContent value="statements">{statementsShown && <StatementsTab />}</TabsContent>
        <TabsContent value="exceptions">
          {exceptionsShown && (
            <Suspense fallback={<PageSpinner />}>
              <ExceptionsTab />
            </Suspense>
          )}
        </TabsContent>
      </Tabs>
    </>
  )
}
