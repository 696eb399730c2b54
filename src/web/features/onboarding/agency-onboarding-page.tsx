import {
  BarChart3,
  ClipboardList,
  FileText,
  GraduationCap,
  LayoutDashboard,
  ShieldCheck,
  UserPlus,
} from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { useSearchParams } from 'react-router'
import { ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { isAgencyAdmin } from '#shared/domain/roles.ts'
import { Button } from '#web/components/button.tsx'
import { IconTabsList, Tabs, TabsContent } from '#web/components/tabs.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { useCurrentUser } from '#web/lib/current-user.ts'
import { useOpenedOnce } from '#web/lib/use-opened-once.ts'
import { DashTab } from './dash-tab.tsx'
import { DocumentsTab } from './documents-tab.tsx'
import { ExpirationAlerts } from './expiration-alerts.tsx'
import { LicensesTab } from './licenses-tab.tsx'
import { OnboardingStats } from './onboarding-stats.tsx'
import { ProgressTab } from './progress-tab.tsx'
import { TrainingTab } from './training-tab.tsx'
import { WorkflowsTab } from './workflows-tab.tsx'

/** The form (and its form library) loads when Add New Agent is first pressed. */
const AddAgentDialog = lazy(() =>
  import('./add-agent-dialog.tsx').then((m) => ({ default: m.AddAgentDialog })),
)

export const ONBOARDING_TABS = [
  { value: 'dash', label: 'Dash', Icon: LayoutDashboard },
  { value: 'workflow', label: 'Workflow', Icon: ClipboardList },
  { value: 'licenses', label: 'Licenses', Icon: ShieldCheck },
  { value: 'training', label: 'Training', Icon: GraduationCap },
  { value: 'docs', label: 'Docs', Icon: FileText },
  { value: 'progress', label: 'Progress', Icon: BarChart3 },
] as const
type OnboardingTab = (typeof ONBOARDING_TABS)[number]['value']

const tabOf = (value: string | null): OnboardingTab =>
  ONBOARDING_TABS.find((tab) => tab.value === value)?.value ?? 'dash'

/**
 * /agency-onboarding (spec part 3 §2). The open tab and the selected agent are in the address
 * (?tab=, ?agent=) so a reload or a shared link keeps them.
 */
export function AgencyOnboardingPage() {
  const me = useCurrentUser()
  const admin = isAgencyAdmin(me.role)
  const [search, setSearch] = useSearchParams()
  const tab = tabOf(search.get('tab'))
  const agent = search.get('agent')
  const [adding, setAdding] = useState(false)
  const addMounted = useOpenedOnce(adding)
  const open = (next: string, selected: string | null = agent) =>
    setSearch(
      () => {
        const params = new URLSearchParams({ tab: next })
        if (selected) params.set('agent', selected)
        return params
      },
      { replace: true },
    )
  return (
    <>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      {admin && (
        <div className="flex justify-end">
          <Button onClick={() => setAdding(true)}>
            <UserPlus aria-hidden="true" />
            Add New Agent
          </Button>
        </div>
      )}
      <ExpirationAlerts />
      <OnboardingStats />
      <Tabs defaultValue="dash" value={tab} onValueChange={(next) => open(next)} className="min-w-0">
        <IconTabsList
          aria-label="Agency onboarding"
          className="grid w-full grid-cols-3 gap-1 sm:flex sm:w-auto"
          tabs={ONBOARDING_TABS}
        />
        <TabsContent value="dash">
          <DashTab onViewDetails={(agentId) => open('progress', agentId)} />
        </TabsContent>
        <TabsContent value="workflow">
          <WorkflowsTab admin={admin} />
        </TabsContent>
        <TabsContent value="licenses">
          <LicensesTab />
        </TabsContent>
        <TabsContent value="training">
          <TrainingTab admin={admin} />
        </TabsContent>
        <TabsContent value="docs">
          <DocumentsTab admin={admin} />
        </TabsContent>
        <TabsContent value="progress">
          <ProgressTab admin={admin} agentId={agent} onSelect={(agentId) => open('progress', agentId)} />
        </TabsContent>
      </Tabs>
      {addMounted && (
        <Suspense fallback={null}>
          <AddAgentDialog open={adding} onOpenChange={setAdding} />
        </Suspense>
      )}
    </>
  )
}
