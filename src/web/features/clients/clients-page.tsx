import { PageHeader } from '#web/layout/page-header.tsx'

export function ClientsPage() {
  return <PageHeader title="Clients" subtitle="Manage your client information" />
}
