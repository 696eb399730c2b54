import { useQuery } from '@tanstack/react-query'
import { Activity, DollarSign, FileText, ShieldX, TrendingUp, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import { OWNER_TABS, type OwnerDashboard, OWNER_TEXTS as T } from '#shared/contracts/owner.contract.ts'
import { Card } from '#web/components/card.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/tabs.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { formatCents, formatCount } from '#web/lib/format.ts'
import { ownerDashboardQuery } from './owner.queries.ts'
import { AnalyticsTab, SubscriptionsTab, UsageTab, UsersTab } from './owner-tabs.tsx'

/** /owner-dashboard (spec part 3 §2): the platform owner's figures; anyone else sees Access Denied. */
export function OwnerDashboardPage() {
  const dashboard = useQuery(ownerDashboardQuery())
  if (dashboard.isError) return <AccessDenied />
  return (
    <>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      {dashboard.isPending ? (
        <Spinner label="Loading the owner dashboard" className="m-6" />
      ) : (
        <Figures data={dashboard.data} />
      )}
    </>
  )
}

/** Spec §2 and §8: any failure of the data call shows this. */
function AccessDenied() {
  return (
    <Card className="mx-auto mt-12 max-w-md p-8 text-center">
      <ShieldX aria-hidden="true" className="mx-auto size-10 text-red-600" />
      <h1 className="mt-3 text-xl font-bold text-slate-900">{T.accessDenied}</h1>
      <p className="mt-2 text-slate-600">{T.accessDeniedMessage}</p>
    </Card>
  )
}

function Kpi({
  icon,
  label,
  value,
  detail,
}: {
  icon: ReactNode
  label: string
  value: string
  detail: string
}) {
  return (
    <Card className="flex items-start justify-between gap-3 p-4 sm:p-5">
      <div>
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
        <p className="mt-1 text-xs text-slate-600">{detail}</p>
      </div>
      <span className="text-violet-700 [&_svg]:size-5">{icon}</span>
    </Card>
  )
}

function Figures({ data }: { data: OwnerDashboard }) {
  const { overview, usage } = data
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="owner-kpis">
        <Kpi
          icon={<Users aria-hidden="true" />}
          label="Total users"
          value={formatCount(overview.totalUsers)}
          detail={`${formatCount(overview.activeUsers)} active this month`}
        />
        <Kpi
          icon={<DollarSign aria-hidden="true" />}
          label="Monthly revenue"
          value={formatCents(overview.monthlyRevenue)}
          detail={`${formatCents(overview.totalRevenue)} total revenue`}
        />
        <Kpi
          icon={<TrendingUp aria-hidden="true" />}
          label="Growth rate"
          value={`${overview.growthRate}%`}
          detail={`${overview.churRate}% churn this month`}
        />
        <Kpi
          icon={<FileText aria-hidden="true" />}
          label="Applications"
          value={formatCount(usage.totalApplications)}
          detail={`${usage.avgApplicationsPerUser} per user`}
        />
      </div>
      <Tabs defaultValue="subscriptions" className="min-w-0">
        <TabsList aria-label="Owner dashboard sections">
          {OWNER_TABS.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="subscriptions">
          <SubscriptionsTab data={data.subscriptions} />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab data={data.users} />
        </TabsContent>
        <TabsContent value="usage">
          <UsageTab data={data.usage} />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab data={data.analytics} />
        </TabsContent>
      </Tabs>
      <p className="flex items-center gap-2 text-xs text-slate-600">
        <Activity aria-hidden="true" className="size-3" />
        Application and submission counts as of{' '}
        {data.countedAt ? new Date(data.countedAt).toLocaleString('en-US') : 'the next count'}.
      </p>
    </>
  )
}
