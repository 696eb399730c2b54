import { ClipboardList, FileUp, History, Send } from 'lucide-react'
import { useLocation, useSearchParams } from 'react-router'
import { APPOINTMENT_TEXTS } from '#shared/contracts/appointments.contract.ts'
import { IconTabsList, Tabs, TabsContent } from '#web/components/tabs.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { ApplicationHistoryTab } from './application-history-tab.tsx'
import type { SubmissionActionsSlot } from './appointment-history-item.tsx'
import { NewApplicationTab } from './new-application-tab.tsx'
import { PageNav } from './page-nav.tsx'
import { type DocumentUploadCardSlot, RequiredDocsTab } from './required-docs-tab.tsx'
import { SubmitToCarrierTab } from './submit-to-carrier-tab.tsx'

const T = APPOINTMENT_TEXTS
export const APPOINTMENT_TABS = [
  { value: 'new', label: T.tabNew, Icon: ClipboardList },
  { value: 'documents', label: T.tabDocuments, Icon: FileUp },
  { value: 'submit', label: T.tabSubmit, Icon: Send },
  { value: 'history', label: T.tabHistory, Icon: History },
] as const
export type AppointmentTab = (typeof APPOINTMENT_TABS)[number]['value']

function tabOf(value: string | null): AppointmentTab {
  return APPOINTMENT_TABS.find((tab) => tab.value === value)?.value ?? 'new'
}

/** /appointments: the four tabs of spec §2; the open tab is in the address (?tab=) so a reload keeps it. */
export function AppointmentsPage({
  SubmissionActions,
  DocumentUploadCard,
}: {
  SubmissionActions: SubmissionActionsSlot
  DocumentUploadCard: DocumentUploadCardSlot
}) {
  const [search, setSearch] = useSearchParams()
  const { state } = useLocation()
  const tab = tabOf(search.get('tab'))
  const open = (next: string) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current)
        params.set('tab', next)
        return params
      },
      // Keeps the caller's back path (location state) across tab changes.
      { replace: true, state },
    )
  return (
    <>
      <PageNav />
      <PageHeader title={T.title} subtitle="Apply once and send your contracting packet to every carrier" />
      <Tabs defaultValue="new" value={tab} onValueChange={open}>
        <IconTabsList
          aria-label="Appointments"
          className="grid w-full grid-cols-2 gap-1 lg:flex lg:w-auto"
          tabs={APPOINTMENT_TABS}
        />
        <TabsContent value="new">
          <NewApplicationTab onSubmitted={() => open('documents')} />
        </TabsContent>
        <TabsContent value="documents">
          <RequiredDocsTab DocumentUploadCard={DocumentUploadCard} />
        </TabsContent>
        <TabsContent value="submit">
          <SubmitToCarrierTab onStartApplication={() => open('new')} />
        </TabsContent>
        <TabsContent value="history">
          <ApplicationHistoryTab SubmissionActions={SubmissionActions} />
        </TabsContent>
      </Tabs>
    </>
  )
}
