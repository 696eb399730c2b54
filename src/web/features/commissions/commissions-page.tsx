import { Percent } from 'lucide-react'
import { COMMISSION_TEXTS as T } from '#shared/contracts/commissions-texts.ts'
import { IconTabsList, Tabs, TabsContent } from '#web/components/tabs.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { SchedulesTab } from './schedules-tab.tsx'

const TABS = [{ value: 'schedules', label: T.schedulesTab, Icon: Percent }] as const

/** /commissions: what the agency's policies should earn. Statements and their reconciliation join as tabs. */
export function CommissionsPage() {
  return (
    <>
      <PageHeader title={T.title} subtitle="Commission schedules by carrier and line of business" />
      <Tabs defaultValue="schedules">
        <IconTabsList tabs={TABS} aria-label={T.title} />
        <TabsContent value="schedules">
          <SchedulesTab />
        </TabsContent>
      </Tabs>
    </>
  )
}
