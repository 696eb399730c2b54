import { lazy, type ReactNode, Suspense } from 'react'
import {
  CONVERSION_STEPS,
  type OwnerDashboard,
  OWNER_TEXTS as T,
  type TopUser,
} from '#shared/contracts/owner.contract.ts'
import { PLAN_CODES } from '#shared/domain/plans.ts'
import { Card } from '#web/components/card.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { formatCents, formatCount, formatDate, formatDateTime } from '#web/lib/format.ts'
import { type Column, OwnerList } from './owner-list.tsx'

// recharts is heavy: its chunk loads after the page's figures, and only on this page.
const MrrChart = lazy(() => import('./owner-charts.tsx').then((m) => ({ default: m.MrrChart })))
const RetentionChart = lazy(() => import('./owner-charts.tsx').then((m) => ({ default: m.RetentionChart })))
const ChartSlot = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<Spinner label="Loading the chart" className="m-6" />}>{children}</Suspense>
)

const money = (key: string, label: string) => ({
  key,
  label,
  render: (row: object) => formatCents(Number((row as Record<string, unknown>)[key] ?? 0)),
})
const PLAN_NAMES: Record<string, string> = {
  free: 'Free',
  starter: 'Starter',
  professional: 'Professional',
  enterprise: 'Enterprise',
  executive: 'Executive',
}
const plan = (key: string, label: string) => ({
  key,
  label,
  render: (row: object) => PLAN_NAMES[String((row as Record<string, unknown>)[key])] ?? '',
})

export function SubscriptionsTab({ data }: { data: OwnerDashboard['subscriptions'] }) {
  const plans = PLAN_CODES.map((code) => ({ id: code, plan: code, ...data.planDistribution[code] }))
  return (
    <div className="grid gap-4">
      <ChartSlot>
        <MrrChart series={data.mrrByMonth} />
      </ChartSlot>
      <div className="grid gap-4 lg:grid-cols-2">
        <OwnerList
          title="Plan distribution"
          fileName="plan-distribution.csv"
          columns={[plan('plan', 'Plan'), { key: 'count', label: 'Agencies' }, money('revenue', 'MRR')]}
          rows={plans}
          empty={T.noUsers}
        />
        <OwnerList
          title="Recent subscription events"
          fileName="subscription-events.csv"
          columns={[
            { key: 'eventType', label: 'Event' },
            { key: 'userName', label: 'User' },
            plan('toPlan', 'To plan'),
            money('amount', 'Amount'),
            { key: 'timestamp', label: 'When', render: (row) => formatDateTime(row.timestamp) },
          ]}
          rows={data.recentEvents}
          empty={T.noEvents}
        />
      </div>
    </div>
  )
}

const topColumns: Column<TopUser>[] = [
  { key: 'name', label: 'Name' },
  { key: 'agencyName', label: 'Agency' },
  { key: 'applicationsCount', label: 'Applications' },
  money('totalRevenue', 'Revenue'),
  plan('subscriptionTier', 'Plan'),
]

export function UsersTab({ data }: { data: OwnerDashboard['users'] }) {
  return (
    <div className="grid gap-4">
      <OwnerList
        title="Recent users"
        fileName="recent-users.csv"
        columns={[
          { key: 'name', label: 'Name' },
          { key: 'email', label: 'Email' },
          { key: 'agencyName', label: 'Agency' },
          plan('subscriptionTier', 'Plan'),
          { key: 'subscriptionStatus', label: 'Status' },
          { key: 'createdAt', label: 'Joined', render: (row) => formatDate(row.createdAt) },
        ]}
        rows={data.recent}
        empty={T.noUsers}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <OwnerList
          title="Top users by applications"
          fileName="top-users-applications.csv"
          columns={topColumns}
          rows={data.topUsers}
          empty={T.noTopUsers}
        />
        <OwnerList
          title="Top users by revenue"
          fileName="top-users-revenue.csv"
          columns={topColumns}
          rows={data.topUsersByRevenue}
          empty={T.noRevenue}
        />
      </div>
    </div>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card className="p-4">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
    </Card>
  )
}

export function UsageTab({ data }: { data: OwnerDashboard['usage'] }) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <Figure label="Total applications" value={formatCount(data.totalApplications)} />
        <Figure label="Carrier submissions" value={formatCount(data.totalCarrierSubmissions)} />
        <Figure label="Applications per user" value={String(data.avgApplicationsPerUser)} />
      </div>
      <OwnerList
        title="Popular carriers"
        fileName="popular-carriers.csv"
        columns={[
          { key: 'name', label: 'Carrier' },
          { key: 'submissions', label: 'Submissions' },
          { key: 'successRate', label: 'Success rate', render: (row) => `${row.successRate}%` },
        ]}
        rows={data.popularCarriers}
        empty={T.noCarriers}
      />
    </div>
  )
}

export function AnalyticsTab({ data }: { data: OwnerDashboard['analytics'] }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartSlot>
        <RetentionChart retention={data.userRetention} />
      </ChartSlot>
      <OwnerList
        title="Conversion rates"
        fileName="conversion-rates.csv"
        columns={[
          { key: 'label', label: 'Between tiers' },
          { key: 'rate', label: 'Conversion', render: (row) => `${row.rate}%` },
        ]}
        rows={CONVERSION_STEPS.map((step) => ({
          id: step.key,
          label: step.label,
          rate: data.conversionRates[step.key],
        }))}
        empty={T.noUsers}
      />
    </div>
  )
}
