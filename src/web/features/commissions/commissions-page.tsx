import { ListChecks, Percent } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { STATEMENT_TEXTS } from '#shared/contracts/commissions-statements-texts.ts'
import { COMMISSION_TEXTS as T } from '#shared/contracts/commissions-texts.ts'
import { PageSpinner } from '#web/components/spinner.tsx'
import { IconTabsList, Tabs, TabsContent } from '#web/components/tabs.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { SchedulesTab } from './schedules-tab.tsx'

/** A tab other than the first loads its code and asks for its data when first opened. */
const ExceptionsTab = lazy(() => import('./exceptions-tab.tsx').then((m) => ({ default: m.ExceptionsTab })))

const TABS = [
  { value: 'schedules', label: T.schedulesTab, Icon: Percent },
  { value: 'exceptions', label: STATEMENT_TEXTS.exceptionsTab, Icon: ListChecks },
] as const

/** /commissions: what the agency's policies should earn, and the reconciliation of what carriers paid. */
export function CommissionsPage() {
  const [tab, setTab] = useState('schedules')
  const [opened, setOpened] = useState(() => new Set(['schedules']))
  const open = (next: string) => {
    setTab(next)
    setOpened((current) => (current.has(next) ? current : new Set([...current, next])))
  }
  return (
    <>
      <PageHeader title={T.title} subtitle="Commission schedules, carrier statements and their exceptions" />
      <Tabs defaultValue="schedules" value={tab} onValueChange={open}>
        <IconTabsList tabs={TABS} aria-label={T.title} />
        <TabsContent value="schedules">
          <SchedulesTab />
        </TabsContent>
        <TabsContent value="exceptions">
          {opened.has('exceptions') && (
            <Suspense fallback={<PageSpinner />}>
              <ExceptionsTab />
            </Suspense>
          )}
        </TabsContent>
      </Tabs>
    </>
  )
}
