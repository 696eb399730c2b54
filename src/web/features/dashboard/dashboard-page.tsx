import { PageHeader } from '#web/layout/page-header.tsx'

export function DashboardPage() {
  return <PageHeader title="Dashboard" subtitle="Manage your insurance business from one place" />
}
