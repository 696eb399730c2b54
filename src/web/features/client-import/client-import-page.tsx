import { PageHeader } from '#web/layout/page-header.tsx'

export function ClientImportPage() {
  return <PageHeader title="Client Import" />
}
