import { PageHeader } from '#web/layout/page-header.tsx'

export function OwnerDashboardPage() {
  return <PageHeader title="Owner Dashboard" />
}
