import { FileClock, History, ScrollText } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { IconTabsList, Tabs, TabsContent } from '#web/components/tabs.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { ApplicationTrailTab } from './application-trail-tab.tsx'
import { AuditHistoryTab } from './audit-history-tab.tsx'
import { TermsTab } from './terms-tab.tsx'

export const COMPLIANCE_TABS = [
  { value: 'history', label: 'Audit History', Icon: History },
  { value: 'trail', label: 'Application Audit Trail', Icon: FileClock },
  { value: 'terms', label: 'Terms & Compliance', Icon: ScrollText },
] as const
type ComplianceTab = (typeof COMPLIANCE_TABS)[number]['value']

const tabOf = (value: string | null): ComplianceTab =>
  COMPLIANCE_TABS.find((tab) => tab.value === value)?.value ?? 'history'

/**
 * /compliance: the spec's three tabs. The open tab and the selected application are in the address
 * (?tab=, ?applicationId=) so a reload or a shared link keeps them.
 */
export function CompliancePage() {
  const [search, setSearch] = useSearchParams()
  const tab = tabOf(search.get('tab'))
  const applicationId = search.get('applicationId')
  const open = (next: string, selected: string | null = applicationId) =>
    setSearch(
      () => {
        const params = new URLSearchParams({ tab: next })
        if (selected) params.set('applicationId', selected)
        return params
      },
      { replace: true },
    )
  return (
    <>
      <PageHeader title="Compliance & Audit" subtitle="Who accessed which data, when and from where" />
      <Tabs defaultValue="history" value={tab} onValueChange={(next) => open(next)}>
        <IconTabsList
          aria-label="Compliance & Audit"
          className="grid w-full grid-cols-1 gap-1 sm:flex sm:w-auto"
          tabs={COMPLIANCE_TABS}
        />
        <TabsContent value="history">
          <AuditHistoryTab onViewApplication={(id) => open('trail', id)} />
        </TabsContent>
        <TabsContent value="trail">
          <ApplicationTrailTab applicationId={applicationId} />
        </TabsContent>
        <TabsContent value="terms">
          <TermsTab />
        </TabsContent>
      </Tabs>
    </>
  )
}
