import { PageHeader } from '#web/layout/page-header.tsx'

export function CarriersPage() {
  return <PageHeader title="Carriers" subtitle="Manage insurance carriers and their requirements" />
}
